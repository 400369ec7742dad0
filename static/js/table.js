// The last table, painted at once (no game logic). Whenever Python's answer draws, page.js has this keep
// what the table shows: #play's markup with its fields' state, the page's words, the build's version and
// the table's stamp (game/app/waking.py), in localStorage. A later launch of the same build paints it here,
// before the first paint and long before Python is up, marked as waking up; the taps made on it wait in
// page.js's queue with its stamp, and Python answers them once its own table is drawn, only if it is the same
// table. When Python's start draws (its ready effect), the page's own #play comes back in place first, so
// nothing painted here outlives it. It also holds the page's fixed texts (data-msg), which it words before
// Python as page.js does after: with the kept table's words, or, where no table is on screen (the setup), the
// words alone that a later launch words the page in from its first paint.
//
// It runs where index.html puts it, right after <main>, as a classic script the build inlines into the page
// (tools/build.py, with its hash in the page's CSP): nothing to fetch before the first paint.
(function () {
  "use strict";
  var KEY = "yacht-dice/table";
  var FORMAT = 1;
  var TAGS = "input, select, textarea";
  var SETUP_FORM = "setup-form";
  var WAITING = "#start-button, .quick, .rival"; // the setup's buttons that wait for Python (disabled as the page comes)
  var root = document.documentElement;

  // ------------------------------------------------------------------ the page's fixed texts

  // index.html's data-msg elements and data-msg-attrs attributes, by their English msgid, whitespace
  // collapsed. The msgid is kept on the element at first use (data-msg, data-msg-<attribute>), so that a
  // page worded in another language still knows it.
  function collapse(text) {
    return String(text || "").split(/\s+/).filter(Boolean).join(" ");
  }

  function msgid(element, key, current) {
    var kept = element.getAttribute(key);
    if (!kept) {
      kept = collapse(current);
      element.setAttribute(key, kept);
    }
    return kept;
  }

  function eachFixedText(visit) {
    document.querySelectorAll("[data-msg]").forEach(function (element) {
      visit(msgid(element, "data-msg", element.textContent), function (text) { element.textContent = text; });
    });
    document.querySelectorAll("[data-msg-attrs]").forEach(function (element) {
      collapse(element.getAttribute("data-msg-attrs")).split(" ").filter(Boolean).forEach(function (name) {
        var key = "data-msg-" + name;
        visit(msgid(element, key, element.getAttribute(name)), function (text) { element.setAttribute(name, text); });
      });
    });
  }

  // The fixed texts in a language (words: {msgid: text}; a msgid it lacks shows as itself, the English),
  // and the page named in it.
  function word(code, words) {
    eachFixedText(function (id, write) {
      write(words && Object.prototype.hasOwnProperty.call(words, id) ? words[id] : id);
    });
    var picker = document.getElementById("language");
    if (picker && picker.value !== code) picker.value = code;
    root.dataset.language = code;
    root.lang = code;
  }

  // ------------------------------------------------------------------ the kept table

  function build() {
    var meta = document.querySelector('meta[name="yacht-build"]');
    return meta ? meta.getAttribute("content") || "" : "";
  }

  function storage() {
    try {
      return window.localStorage || null;
    } catch (error) {
      return null; // storage refused: nothing is kept, nothing painted
    }
  }

  // A kept table this build can paint, or null (another build's, damaged, or none).
  function parsed(text) {
    try {
      return JSON.parse(text);
    } catch (error) {
      return null;
    }
  }

  function readKept(text) {
    var kept = parsed(text);
    var ok = kept && kept.format === FORMAT && build() && kept.build === build() && typeof kept.stamp === "string"
      && kept.stamp && typeof kept.play === "string" && typeof kept.lang === "string"
      && (kept.words === null || typeof kept.words === "object");
    return ok ? kept : null;
  }

  // The page's words kept by this build (with a table or without one: the setup's), or null.
  function readWords(text) {
    var kept = parsed(text);
    var ok = kept && kept.format === FORMAT && build() && kept.build === build() && typeof kept.lang === "string"
      && kept.words && typeof kept.words === "object";
    return ok ? kept : null;
  }

  // The badge's words in the kept table's language (boot.js's messages, which the build writes into the page).
  function wakingWords(code) {
    try {
      var words = JSON.parse(document.getElementById("boot-words").textContent).words;
      return (words[code] || words.en).waking || "";
    } catch (error) {
      return "";
    }
  }

  var own = document.getElementById("play"); // the page's own #play, which Python draws into
  var setup = document.getElementById("setup");
  var menuNew = document.getElementById("menu-new");
  var painted = null; // the kept #play on screen in its place, or null
  var stamp = ""; // the stamp of the table on screen until Python is ready ("" none), then null

  var FONT_WAIT_MS = 300; // the longest a kept table waits, unseen, for the table's type (settings.js)

  function showWaking(on, code) {
    if (on) {
      // shown once its type has come (settings.js asked for it at once: this browser holds it) or a moment has
      // passed: added after the table was shown, the type moved its words
      var font = window.yachtFontReady;
      if (font && root.dataset.waking === "painting") {
        var reveal = function () { if (root.dataset.waking === "painting") root.dataset.waking = "true"; };
        Promise.race([font, new Promise(function (done) { setTimeout(done, FONT_WAIT_MS); })]).then(reveal, reveal);
      } else {
        root.dataset.waking = "true";
      }
      document.body.setAttribute("data-waking", wakingWords(code));
    } else {
      delete root.dataset.waking;
      document.body.removeAttribute("data-waking");
    }
  }

  // Put a kept table on screen in place of whatever #play is there; false where it cannot be.
  function paint(kept) {
    var holder = document.createElement("template");
    holder.innerHTML = kept.play;
    var play = holder.content.firstElementChild;
    if (!play || play.id !== "play" || !own || !setup) return false;
    if (kept.words) word(kept.lang, kept.words); // before the swap: the kept table is worded already, and as Python drew it
    (painted || own).replaceWith(play);
    painted = play;
    stamp = kept.stamp;
    setup.hidden = true;
    if (menuNew) menuNew.hidden = false;
    showWaking(true, kept.lang);
    return true;
  }

  // The setup worded as it was kept (its form as Python drew it, in place of the page's English one), and the
  // page's fixed texts. Python's start words the form again, the same.
  function paintSetup(kept) {
    var holder = document.createElement("template");
    holder.innerHTML = typeof kept.setup === "string" ? kept.setup : "";
    var form = holder.content.firstElementChild;
    var own = document.getElementById(SETUP_FORM);
    if (form && form.id === SETUP_FORM && own) own.replaceWith(form);
    word(kept.lang, kept.words);
  }

  // The page as it came, in place of a painted table (Python's start draws on it).
  function unpaint() {
    if (!painted) return;
    painted.replaceWith(own);
    painted = null;
    setup.hidden = false;
    if (menuNew) menuNew.hidden = true;
  }

  // Python is ready: its own table replaces the kept one (the ready effect's answer draws it next).
  function woke() {
    unpaint();
    showWaking(false);
    stamp = null;
  }

  // What the table shows now, kept for the next launch (stamp "": no table on screen, the words alone). Fields
  // keep their state in their markup (a checkbox's checked, a select's choice); what is open only for a
  // moment (a celebration, the hint's sheet on a phone) is kept closed, and the status line says what
  // Python's start will say (status, when given), so that nothing changes size when it draws. A failed
  // write is dropped.
  // A copy of an element whose fields keep their state in its markup (a checkbox's checked, a select's choice),
  // without style attributes: a style set through the CSSOM (which the CSP allows: a browser extension's, a
  // tool's) would come back as inline markup when a later launch paints the copy, which the CSP (style-src
  // 'self', never 'unsafe-inline') refuses with a console error. Nothing of the game's own is styled inline.
  function withState(live) {
    var copy = live.cloneNode(true);
    copy.removeAttribute("style");
    copy.querySelectorAll("[style]").forEach(function (element) { element.removeAttribute("style"); });
    var fields = live.querySelectorAll(TAGS);
    var copied = copy.querySelectorAll(TAGS);
    for (var i = 0; i < fields.length && i < copied.length; i++) {
      var field = fields[i];
      if (field.type === "checkbox" || field.type === "radio") copied[i].toggleAttribute("checked", field.checked);
      else if (field.tagName === "SELECT") {
        Array.prototype.forEach.call(copied[i].options, function (option, index) {
          option.toggleAttribute("selected", index === field.selectedIndex);
        });
      } else copied[i].setAttribute("value", field.value);
    }
    return copy;
  }

  function keep(tableStamp, status, language) {
    var store = storage();
    if (!store || !build()) return;
    try {
      if (!tableStamp) {
        // No table on screen (the setup): the page's words and the setup form as Python worded it, so that a
        // later launch shows them in the player's language from its first paint. Its one-tap matches and Start
        // wait for Python there, as the page's own do; English is the page as it comes: nothing is kept.
        var form = document.getElementById(SETUP_FORM);
        if (!language.words || !form) {
          store.removeItem(KEY);
          return;
        }
        var setup = withState(form); // as the page comes: its buttons wait for Python, and say so ("Starting…")
        setup.querySelectorAll(WAITING).forEach(function (button) { button.disabled = true; });
        var starting = setup.querySelector("#loading");
        if (starting) starting.hidden = false;
        store.setItem(KEY, JSON.stringify({
          format: FORMAT, build: build(), stamp: "", lang: language.code, words: language.words, play: null,
          setup: setup.outerHTML,
        }));
        return;
      }
      var live = document.getElementById("play");
      if (!live) return;
      var copy = withState(live);
      var cheer = copy.querySelector("#cheer");
      if (cheer) cheer.hidden = true;
      var hint = copy.querySelector("#hint");
      if (hint) hint.classList.remove("open");
      var why = copy.querySelector("#hint-open");
      if (why) why.setAttribute("aria-expanded", "false");
      var said = copy.querySelector("#status");
      if (said && status) said.textContent = status;
      store.setItem(KEY, JSON.stringify({
        format: FORMAT, build: build(), stamp: tableStamp,
        lang: language.code || root.lang || "en", words: language.words || null, play: copy.outerHTML,
      }));
    } catch (error) {
      try { store.removeItem(KEY); } catch (ignored) { /* nothing kept: a later launch paints the setup */ }
    }
  }

  // The kept table goes first when storage is short: it is only a picture of what the match holds.
  function drop() {
    var store = storage();
    if (!store || store.getItem(KEY) === null) return false;
    store.removeItem(KEY);
    return true;
  }

  // Whatever storage holds, the page comes up: a kept table that cannot be read or painted is passed over.
  try {
    var store = storage();
    var kept = store ? readKept(store.getItem(KEY)) : null;
    if (!kept || !paint(kept)) throw new Error("no table to paint");
  } catch (error) {
    try { unpaint(); } catch (ignored) { /* the page as it came is still in place */ }
    stamp = "";
    showWaking(false); // settings.js held the page back for a table that cannot be painted: show it as it comes
    try { // no table, but the page's words: the setup in the player's language from the first paint, not English
      var worded = store ? readWords(store.getItem(KEY)) : null;
      if (worded) paintSetup(worded);
    } catch (ignored) { /* the page in English until Python words it */ }
  }

  // Another tab kept a newer table (or none) while this one waits for Python: the newer one is painted, so
  // that nothing is done on a table that has moved on (game/app/waking.py drops a tap made on the old one).
  window.addEventListener("storage", function (event) {
    if (event.key !== KEY || stamp === null || !painted) return;
    var newer = readKept(event.newValue);
    if (!newer || !paint(newer)) {
      unpaint();
      stamp = "";
    }
  });

  // The taps and keys made before page-events.js has come (settings.js puts the game's scripts on the page after
  // its first paint, or at once under a kept table), held in order with the stamp of the table they were made on:
  // page-events.js answers them as its own once it is there, those made on a table still on screen (a tap on a kept
  // table in that moment was lost, test_instant_table; one on a table another tab has since replaced is not its).
  var early = [];
  function holdEarly(event) { if (early) early.push({ event: event, stamp: stamp }); }
  document.addEventListener("click", holdEarly, true);
  document.addEventListener("keydown", holdEarly, true);
  function takeEarly() {
    var held = early || [];
    early = null;
    document.removeEventListener("click", holdEarly, true);
    document.removeEventListener("keydown", holdEarly, true);
    return held;
  }

  window.yachtTable = {
    // The stamp of the table on screen before Python is ready ("" none painted), null once it is.
    stamp: function () { return stamp; },
    // The events made before page-events.js came, each {event, stamp}, once (then none are held).
    early: takeEarly,
    woke: woke,
    keep: keep,
    drop: drop,
    word: word,
    eachFixedText: eachFixedText,
  };
}());
