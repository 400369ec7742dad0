// The worker (part of the page: see page-parts.js, which loads the parts before this): the start event,
// what the page holds when Python is there (docs/protocol.md), and window.yachtPage, through which
// static/js/game.mjs hands over the worker's handle (connect) or says it could not start (failed), boot.js
// says no Python will come (stop), and the tests wait for every event's answer (answered).
(function () {
  "use strict";
  var parts = window.yachtPageParts;
  var queue = parts.queue;
  // static/js/table.js, which runs before this: the kept table painted before Python, and the page's fixed texts.
  var table = window.yachtTable;

  // The msgids of the page's fixed texts, each once, in the page's order (the start event's).
  function msgids() {
    var seen = {};
    var found = [];
    table.eachFixedText(function (id) {
      if (id && !seen.hasOwnProperty(id)) {
        seen[id] = true;
        found.push(id);
      }
    });
    return found;
  }

  // A fresh random id for this phone (game.core.marks: 6 URL-safe base64 characters), sent with every start;
  // Python keeps the first it takes (yacht-dice/phone) and ignores later ones. Only the page draws randomness:
  // "" where the browser has no crypto (the phone's turns then leave no mark).
  var ID_CHARS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
  function entropy() {
    try {
      var bytes = new Uint8Array(6);
      window.crypto.getRandomValues(bytes);
      return Array.from(bytes, function (byte) { return ID_CHARS[byte & 63]; }).join("");
    } catch (error) {
      return "";
    }
  }

  // The start event: what the page holds when Python is there (docs/protocol.md). python stays
  // "" here: how Python started is known in the worker, which says it in its ready effect.
  function startEvent() {
    var held = parts.storage.startValues();
    return queue.event("start", {
      stored: held.stored, unsaved: held.unsaved,
      query: Array.from(new URLSearchParams(window.location.search)),
      languages: Array.from(navigator.languages || [navigator.language || ""]),
      form: parts.patch.setupFields(), hidden: document.hidden, reduced: parts.events.reducedMotion(), python: "",
      msgids: msgids(), address: window.location.origin + window.location.pathname, entropy: entropy(),
    });
  }

  // game.mjs hands over the worker's handle: the start goes first, then what waited for it.
  function connect(worker) {
    queue.connect(worker, startEvent);
  }

  // No Python will come (boot.js says why): nothing waits for answers that will not come, and no stale
  // table is left painted (the page as it came, with boot.js's words).
  function stop() {
    queue.stop();
    table.woke();
  }

  // The worker could not start (python: it started but its Python did not answer the start):
  // stop, with boot.js's words on the page (a Python error's traceback stays in the console).
  function failed(error, python) {
    var text = parts.message(error);
    console.error("The game's Python could not start: " + text);
    stop();
    var boot = window.yachtBoot;
    if (!boot) return;
    boot.fail(python || /PythonError|Traceback/.test(text) ? boot.word("python_error") : text || boot.word("unknown"));
  }

  window.yachtPage = { connect: connect, failed: failed, stop: stop, answered: queue.answered };
}());
