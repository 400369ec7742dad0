// What a person does, as events (part of the page: see page-parts.js): clicks, the setup form's Start,
// changes, keys, another tab's storage, the page hidden or shown, reduced motion asked for. Each becomes an
// event in the queue (page-queue.js), the setup form's fields with it where Python reads them.
(function () {
  "use strict";
  var parts = window.yachtPageParts;
  var send = parts.queue.send;
  var working = parts.queue.working;
  var setupFields = parts.patch.setupFields;
  var SETUP_FORM = parts.patch.SETUP_FORM;
  var ASK = parts.effects.ASK;

  // Keys pressed on a box of the scorecard (button.choice), Alt not held, whose own action (the
  // page scrolls) is prevented here at once: Python answers from a worker, after the event is
  // over, too late to prevent anything. They are game.app.keyboard.CHOICE_KEYS, the keys that move the
  // focus between the boxes (tests/unit/shell/test_page_js.py checks that the two agree).
  var CHOICE_KEYS = ["ArrowDown", "ArrowUp", "Home", "End"];
  var CHANGES = ["hint-toggle", "chances-toggle", "language", "stats-rules", "stats-player", "pace"]; // ids whose change is an event
  var BACKUP_INPUT = "import-backup"; // the file input: its change is a `file` event
  // the name a challenge asks (index.html's #naming), the two pass and play asks, and the dialog's button
  var NAMING_FIELDS = ["naming-name", "naming-first", "naming-second"];
  var NAMING_OK = "naming-ok";
  var AIM_FIELD = "aim-total"; // the total typed for the target hint (game.present.aim_view), and its button
  var AIM_SET = "aim-set";
  var TYPING = "input, select, textarea, summary"; // a key pressed here is typed, not a command
  var SWITCHES = "input[type=checkbox]"; // ...but a switch types nothing: R on Hints still rolls
  var REDUCED_MOTION = "(prefers-reduced-motion: reduce)";

  function reducedMotion() {
    try {
      return Boolean(window.matchMedia && window.matchMedia(REDUCED_MOTION).matches);
    } catch (error) {
      return false;
    }
  }

  var body = document.body;

  // A click at or inside a button or a scorecard cell, named by its id and data-* values; one
  // with neither means nothing to Python.
  function onClick(dom) {
    var found = dom.target && dom.target.closest ? dom.target.closest("button, td[data-row]") : null;
    if (!found || found.closest("#" + ASK)) return; // the question's buttons are the page's own (asking)
    var data = Object.assign({}, found.dataset);
    if (!found.id && !Object.keys(data).length) return;
    send("click", { id: found.id || "", data: data, form: setupFields() });
  }
  body.addEventListener("click", onClick);

  // The setup form's Start: its own submission (a page load) is prevented at once, always.
  body.addEventListener("submit", function (dom) {
    if (!dom.target || dom.target.id !== SETUP_FORM) return;
    dom.preventDefault();
    send("submit", { form: setupFields() });
  });

  body.addEventListener("change", function (dom) {
    var target = dom.target;
    if (!target) return;
    if (target.id === BACKUP_INPUT) {
      var file = target.files && target.files[0];
      if (!file) return;
      // Read, then sent; the input is cleared after, so the same file can be chosen again.
      working(file.text().then(function (text) {
        send("file", { size: file.size, text: text });
      }).then(function () { target.value = ""; }, function (error) {
        target.value = "";
        throw error;
      }));
    } else if (CHANGES.indexOf(target.id) !== -1) {
      send("change", { id: target.id, value: String(target.value), checked: Boolean(target.checked), form: setupFields() });
    } else if (target.form && target.form.id === SETUP_FORM) {
      send("change", { id: SETUP_FORM, form: setupFields() }); // the lobby's lines follow the form (who you play)
    }
  });

  function onKey(dom) {
    var target = dom.target && dom.target.closest ? dom.target : null;
    if (target && NAMING_FIELDS.indexOf(target.id) >= 0 && dom.key === "Enter") {
      // The names' fields belong to the setup form: Enter would submit that form (a new match). It gives the names.
      dom.preventDefault();
      document.getElementById(NAMING_OK).click();
      return;
    }
    if (target && target.id === AIM_FIELD && dom.key === "Enter") {
      // The typed total's field belongs to the setup form too: Enter plays for the total, never a new match.
      dom.preventDefault();
      document.getElementById(AIM_SET).click();
      return;
    }
    if (target && target.closest("#" + ASK + ", dialog[open]")) return; // a key in a dialog is the dialog's (Escape closes it)
    var box = target ? target.closest("button.choice") : null;
    var choice = Boolean(box);
    if (choice && !dom.altKey && CHOICE_KEYS.indexOf(dom.key) !== -1) dom.preventDefault();
    var typing = Boolean(target && target.closest(TYPING) && !target.matches(SWITCHES));
    send("key", {
      key: dom.key, ctrl: Boolean(dom.ctrlKey || dom.metaKey), alt: Boolean(dom.altKey),
      typing: typing, choice: choice, box: box ? box.dataset.category || "" : "", at: target ? target.id || "" : "",
    });
  }
  body.addEventListener("keydown", onKey);

  // What was tapped or typed before this script came (static/js/table.js held it): answered now, in order, where
  // the table it was made on is still the one on screen.
  var table = window.yachtTable;
  (table && table.early ? table.early() : []).forEach(function (held) {
    if (held.stamp !== table.stamp()) return;
    if (held.event.type === "click") onClick(held.event);
    else if (held.event.type === "keydown") onKey(held.event);
  });

  window.addEventListener("storage", function (dom) {
    send("storage", { key: dom.key, value: dom.newValue });
  });

  document.addEventListener("visibilitychange", function () {
    send("visibility", { hidden: document.hidden });
  });

  try {
    var motion = window.matchMedia(REDUCED_MOTION);
    var onMotion = function () { send("motion", { reduced: motion.matches }); };
    if (motion.addEventListener) motion.addEventListener("change", onMotion);
    else motion.addListener(onMotion); // Safari before 14
  } catch (error) { /* no media queries: motion is never reduced */ }

  parts.events = { reducedMotion: reducedMotion };
}());
