// Boot watchdog: if Python does not start, say so on the page, not only in the console; on a slow
// line, show how the loading goes. No game logic lives here. static/js/page.js reports through it
// too (window.yachtBoot): a worker that could not start, a Python error before the page was ready;
// static/js/game.mjs names the channel Python's worker tells its progress on (python.mjs).
(function () {
  "use strict";
  // A start is called stalled only when nothing has moved for a while: no byte of the runtime, no
  // step of Python's start, no file of the page. Not a fixed limit: a slow line's first visit takes
  // 26–34 s and more (docs/speed.md), and is fine as long as it moves. While bytes are awaited,
  // STALL_MS: a working line sends some every fraction of a second (the worker reports every
  // 150 ms while they come), and one that sends nothing for 20 s has dropped. Once every byte is in,
  // what is left is the processor's (Pyodide compiling and starting Python, then the game's first
  // import), which says nothing until it ends: 6.7 s measured with 4x CPU throttling on a slow
  // line, and a slow phone is slower still; STARTING_STALL_MS leaves it room nine times over (a
  // failure there is reported at once anyway: only a hang waits for it).
  var STALL_MS = 20000;
  var STARTING_STALL_MS = 60000;
  // The progress shows only where bytes are still awaited after this long: a slow line. On a fast
  // one they are all in by then (0.7 s on a first visit here) and the form's "Starting…" says the
  // rest. Nothing on the page moves for it either way: it is an overlay.
  var REVEAL_MS = 1500;
  // The build writes every language's messages into the page (game/present/boot.py), with the language
  // tags the game knows (game.core.i18n.PRIMARY_TAGS: {tag: code}) and its default: pick the player's
  // language as the game does (game/app/settings.py's preferred: a remembered choice that is one of its
  // languages, else the browser's first language it speaks; tests/unit/shell/test_page_js.py holds the two together).
  var data = {};
  try { data = JSON.parse(document.getElementById("boot-words").textContent); } catch (e) { data = {}; }
  function pick() {
    var tags = data.tags || {};
    var stored = null;
    try { stored = localStorage.getItem(data.key); } catch (e) { /* storage refused */ }
    if (stored && tags[stored] === stored) return stored;
    var wanted = navigator.languages || [navigator.language || ""];
    for (var i = 0; i < wanted.length; i++) {
      var primary = String(wanted[i]).split(/[-_]/)[0].toLowerCase();
      if (Object.prototype.hasOwnProperty.call(tags, primary)) return tags[primary];
    }
    return data["default"] || "en";
  }
  var words = data.words || {};
  var LANG = pick();
  var WORDS = words[LANG] || words.en || {};  // none only if the build did not write them: the reason alone
  function word(key) { return WORDS[key] || (key === "failed" ? "{reason}" : key); }
  var root = document.documentElement;
  var watching = true;  // until the game is ready or has failed
  // reason: what went wrong, put in the "failed" message.
  function fail(reason) {
    failWith(word("failed").replace("{reason}", reason));
  }
  function failWith(text) {
    if (root.dataset.ready === "true") return;
    var box = document.getElementById("boot-error");
    var loading = document.getElementById("loading");
    if (!box) return;
    stopWatching();
    if (loading) loading.hidden = true;
    box.textContent = text;
    box.hidden = false;
    root.dataset.ready = "failed";
  }

  // ---------------------------------------------------------------- progress and stalls
  var last = Date.now();      // when loading last moved
  var stalled = false;        // the stall verdict is on the page
  var revealed = false;       // the progress is shown (after REVEAL_MS)
  var latest = null;          // the worker's last report: { received, total, pending, stage }
  var stallTimer = null;
  var revealTimer = null;
  var channel = null;
  var observer = null;

  function number(value, options) {
    try { return new Intl.NumberFormat(LANG, options).format(value); } catch (e) { return String(value); }
  }

  // What the bar says: downloading (a share of the bytes, or the bytes alone when the sizes are not
  // known), then Python starting (every byte in: what is left is the processor's, of unknown length).
  function starting() {
    return Boolean(latest) && (latest.stage !== "download" || (latest.pending === 0 && latest.received > 0));
  }

  function paint() {
    var box = document.getElementById("boot-progress");
    var bar = document.getElementById("boot-progress-bar");
    var text = document.getElementById("boot-progress-text");
    if (!box || !bar || !text) return;
    var said = word("loading");
    var share = null;
    if (starting()) {
      said = word("starting");
    } else if (latest && latest.total > 0) {
      share = Math.min(1, latest.received / latest.total);
      said = word("downloading").replace("{percent}", number(share, { style: "percent", maximumFractionDigits: 0 }));
    } else if (latest && latest.received > 0) {
      said = word("downloaded").replace("{megabytes}", number(latest.received / 1e6, { minimumFractionDigits: 1, maximumFractionDigits: 1 }));
    }
    if (share === null) bar.removeAttribute("value"); else bar.value = share;  // no value: an indeterminate bar
    bar.setAttribute("aria-label", word("loading"));
    bar.setAttribute("aria-valuetext", said);
    if (text.textContent !== said) text.textContent = said;
    box.hidden = !revealed || stalled || !watching;
  }

  function reveal() {
    if (starting()) return;  // every byte in: not a slow line
    revealed = true;
    paint();
  }

  // Loading moved: the stall clock starts again, and a stall verdict already given is withdrawn.
  function moved() {
    last = Date.now();
    if (stalled) withdraw();
    if (stallTimer === null && watching) stallTimer = setTimeout(checkStall, STALL_MS);
  }

  function withdraw() {
    var box = document.getElementById("boot-error");
    stalled = false;
    if (box) { box.hidden = true; box.textContent = ""; }
    if (root.dataset.ready === "stalled") delete root.dataset.ready;
    paint();
  }

  function checkStall() {
    stallTimer = null;
    if (!watching) return;
    var limit = starting() ? STARTING_STALL_MS : STALL_MS;
    var quiet = Date.now() - last;
    if (quiet < limit) {
      stallTimer = setTimeout(checkStall, limit - quiet);
      return;
    }
    var box = document.getElementById("boot-error");
    if (!box || stalled) return;
    stalled = true;
    box.textContent = word("stalled").replace("{seconds}", String(Math.round(quiet / 1000)));
    box.hidden = false;
    // Not "failed": offline.js registers the service worker once a start has settled, and its
    // install would download everything again on a line that has stalled.
    root.dataset.ready = "stalled";
    paint();  // still listening: if loading goes on after all, moved() withdraws the verdict
  }

  function stopWatching() {
    watching = false;
    clearTimeout(stallTimer);
    clearTimeout(revealTimer);
    if (channel) channel.close();
    if (observer) observer.disconnect();
    paint();
  }

  // The game is ready: the progress goes, and so does a stall verdict given before it came.
  new MutationObserver(function () {
    if (root.dataset.ready !== "true" || !watching) return;
    if (stalled) withdraw();
    stopWatching();
  }).observe(root, { attributes: true, attributeFilter: ["data-ready"] });

  // The page's own files count as loading moving (PyScript's core comes before the worker speaks).
  try {
    observer = new PerformanceObserver(function () { if (watching) moved(); });
    observer.observe({ type: "resource" });
  } catch (e) { observer = null; }

  // game.mjs: the worker's name, which is the channel its progress comes on.
  function listen(name) {
    if (!watching) return;
    moved();
    clearTimeout(revealTimer);
    revealTimer = setTimeout(reveal, REVEAL_MS);
    if (typeof BroadcastChannel !== "function") return;
    channel = new BroadcastChannel(name);
    channel.onmessage = function (event) {
      if (!watching || !event.data || typeof event.data !== "object") return;
      latest = event.data;
      moved();
      if (revealed) paint();
    };
  }
  window.addEventListener("error", function (event) {
    var target = event && event.target;
    if (target && target.tagName === "SCRIPT" && target.hasAttribute("data-python-config")) {
      // game.mjs, or a module it imports (PyScript's core), did not download: no Python will come, so
      // say so now rather than after a stall (and not that the browser may lack WebAssembly: the line
      // is the likelier cause), and let page.js stop keeping taps for it.
      if (window.yachtPage) window.yachtPage.stop();
      failWith(word("not_downloaded"));
      return;
    }
    var message = event && event.message ? String(event.message) : word("script");
    if (/PythonError/.test(message)) {
      // Never a traceback on the page: the details stay in the browser's console.
      fail(word("python_error"));
    } else if (/pyodide|pyscript|python|wasm/i.test(message) || (event.filename || "").indexOf("/vendor/") !== -1) {
      fail(message);
    }
  }, true);
  window.addEventListener("unhandledrejection", function (event) {
    var reason = event && event.reason ? String(event.reason.message || event.reason) : word("unknown");
    fail(reason);
  });
  stallTimer = setTimeout(checkStall, STALL_MS);
  // (PyScript's "py:all-done" is no sign here: the page has no Python script of its own, so it
  // comes at once; Python runs in a worker that static/js/game.mjs starts.)
  window.yachtBoot = { fail: fail, word: word, listen: listen };
}());
