// Sound and look (no game logic): the player's theme, dice style, sound and the computer's pace, remembered in
// localStorage and set on <html> as data-theme, data-dice-style, data-sound and data-pace. It runs in <head>,
// before the stylesheet, so the chosen theme is there at the first paint, and needs no Python:
// the CSS reads the first two, the game's sound (game/shell/sound.py) the third. And html[data-waking]
// while a kept table is about to be painted (static/js/table.js).
(function () {
  "use strict";
  var root = document.documentElement;
  // setting -> [storage key, allowed values (the first is the default), select or checkbox id]
  var SETTINGS = {
    theme: ["yacht-dice/theme", ["system", "light", "dark", "contrast"], "theme"],
    diceStyle: ["yacht-dice/dice-style", ["pips", "numbers"], "dice-style"],
    sound: ["yacht-dice/sound", ["on", "off"], "sound-toggle"],
    // How fast a computer plays (game.coach.pacing.Pace): Python reads it at the start and hears each change.
    pace: ["yacht-dice/pace", ["brisk", "relaxed", "instant"], "pace"]
  };
  // Sound starts off for someone who asked their system for less motion (they may want calm too).
  try {
    if (window.matchMedia && matchMedia("(prefers-reduced-motion: reduce)").matches) SETTINGS.sound[1] = ["off", "on"];
  } catch (e) { /* no media queries: the plain default */ }
  // The browser's bar follows the theme (the system theme keeps the page's own colour).
  var BAR = { dark: "#14130f", contrast: "#000000" };
  var barMeta = document.querySelector('meta[name="theme-color"]');
  var barDefault = barMeta ? barMeta.getAttribute("content") : "";

  function set(name, value) {
    root.dataset[name] = value;
    if (name === "theme" && barMeta) barMeta.setAttribute("content", BAR[value] || barDefault);
  }
  function stored(name) {
    var setting = SETTINGS[name], value = null;
    try { value = localStorage.getItem(setting[0]); } catch (e) { /* storage refused: the default */ }
    return setting[1].indexOf(value) !== -1 ? value : setting[1][0];
  }
  for (var name in SETTINGS) set(name, stored(name));

  // A later launch paints the last table over the page as it comes (static/js/table.js, which runs at the
  // page's end): until it has, the page is not shown (app.css), rather than the setup form for a frame and
  // then the table, which would move things. Only where a table of this build is kept; table.js settles it.
  try {
    var build = document.querySelector('meta[name="yacht-build"]');
    var kept = localStorage.getItem("yacht-dice/table");
    if (build && build.content && kept && kept.indexOf('"build":"' + build.content + '"') !== -1
      && kept.indexOf('"play":null') === -1) root.dataset.waking = "painting"; // not for the words alone
  } catch (e) { /* storage refused: nothing is kept, the page shows as it comes */ }

  // The panel's controls show the current values and change them (a refused write still changes
  // the page for this visit).
  function bind(name) {
    var setting = SETTINGS[name], control = document.getElementById(setting[2]);
    if (!control) return;
    var box = control.type === "checkbox";
    if (box) control.checked = root.dataset[name] === "on"; else control.value = root.dataset[name];
    control.addEventListener("change", function () {
      var value = box ? (control.checked ? "on" : "off") : control.value;
      if (setting[1].indexOf(value) === -1) return;
      set(name, value);
      try { localStorage.setItem(setting[0], value); } catch (e) { /* storage refused: this visit only */ }
    });
  }
  // Two disclosures of the page's chrome (no game logic): on a phone the header's Menu, and the hint's sheet of
  // ranked options (Why?). A choice in the menu, Escape or a tap elsewhere closes what is open.
  // Both are found at each event, not bound once: the table painted before Python (static/js/table.js)
  // gives way to the page's own when Python draws, and the hint's button and sheet with it.
  function disclosure(buttonId, panelId, closeOnChoice) {
    function set(button, panel, open) {
      panel.classList.toggle("open", open);
      button.setAttribute("aria-expanded", open ? "true" : "false");
    }
    document.addEventListener("click", function (event) {
      var button = document.getElementById(buttonId), panel = document.getElementById(panelId);
      if (!button || !panel) return;
      if (button.contains(event.target)) set(button, panel, !panel.classList.contains("open"));
      else if (!panel.contains(event.target) || (closeOnChoice && event.target.closest("button"))) {
        var chosen = panel.contains(event.target) && panel.contains(document.activeElement);
        set(button, panel, false);
        // a choice folds the panel it was in: the focus goes back to what opened it, not to the page's start
        if (chosen) button.focus({ preventScroll: true });
      }
    });
    document.addEventListener("keydown", function (event) {
      var button = document.getElementById(buttonId), panel = document.getElementById(panelId);
      if (event.key === "Escape" && button && panel && panel.classList.contains("open")) {
        set(button, panel, false);
        button.focus();
      }
    });
  }
  // The game's scripts (index.html's template#later), put on the page once it has painted, so that a slow line
  // brings the page's words first: the classic ones in their order, the module (game.mjs, which hands Python to
  // page.js) once the last of them has run. At once in a tab behind, which paints nothing until shown, and where a
  // kept table is painted (static/js/table.js: a later launch, whose files this browser holds; the taps made on it
  // before page-events.js has come, table.js keeps for it).
  function loadLater() {
    var later = document.getElementById("later");
    if (!later || !later.content) return;
    var made = Array.prototype.map.call(later.content.querySelectorAll("link, script"), function (old) {
      var element = document.createElement(old.localName);
      Array.prototype.forEach.call(old.attributes, function (a) { element.setAttribute(a.name, a.value); });
      return element;
    });
    var modules = made.filter(function (e) { return e.localName === "script" && e.type === "module"; });
    var classic = made.filter(function (e) { return e.localName === "script" && e.type !== "module"; });
    made.forEach(function (e) { if (e.localName === "link") document.head.appendChild(e); });
    classic.forEach(function (e) { e.async = false; document.head.appendChild(e); });
    var started = false;
    var start = function () {
      if (started) return;
      started = true;
      modules.forEach(function (e) { document.head.appendChild(e); });
    };
    var last = classic[classic.length - 1];
    if (!last) return start();
    last.addEventListener("load", start);
    last.addEventListener("error", start);  // boot.js, if it came, says what failed
  }
  document.addEventListener("DOMContentLoaded", function () {
    if (document.hidden || root.dataset.waking) loadLater();
    else requestAnimationFrame(function () { setTimeout(loadLater, 0); });
  });
  // The game's type (app.css: Fredoka, font-display optional), fetched as the page starts and added, loaded, as
  // "Fredoka Ready" (first in app.css's --display) while no table is in sight: the first table has it, with no
  // swap. Left to the style sheet, an optional font used only if it comes within 100 ms
  // of its first use stayed out of many a page (a first visit's table, or a slow load's, in the system's type: one
  // end in one type, the next in the other, fresh eyes round 32); added under the style sheet's own name, the style
  // sheet's face, given up on, still stood first.
  var FONT = "static/fonts/fredoka-latin-600-normal.woff2";
  // The face, loaded (a promise of it, or of null where it cannot be had; null where the browser has no FontFace).
  function loadFont() {
    if (!window.FontFace || !document.fonts || !window.fetch) return null;
    return fetch(FONT).then(function (response) { return response.ok ? response.arrayBuffer() : null; }).then(function (bytes) {
      return bytes ? new FontFace("Fredoka Ready", bytes, { weight: "500 900", style: "normal" }).load() : null;
    }).then(function (face) {
      if (face) try { localStorage.setItem(TYPE_KEY, "1"); } catch (e) { /* storage refused: no wait next time */ }
      return face;
    }).catch(function () { return null; });
  }
  // Whether this browser has had the type before (a later launch: its cache holds it, a moment away).
  var TYPE_KEY = "yacht-dice/type";
  var typeSeen = false;
  try { typeSeen = localStorage.getItem(TYPE_KEY) === "1"; } catch (e) { /* storage refused: a first visit */ }
  // The type is asked for at once, on every launch. A kept table (a later launch) is shown by table.js once it has
  // come or a moment has passed (window.yachtFontReady): added after the table was shown, it moved the table's words
  // (test_instant_table). A first visit's face that comes late is added only while no table is in sight (the lobby's
  // or a new match's next table then in the one type).
  var firstVisit = !typeSeen && root.dataset.waking !== "painting";
  var fontLoading = loadFont();
  function tableShown() { var play = document.getElementById("play"); return !!play && !play.hidden; }
  function addFace(face) {
    if (firstVisit && tableShown()) return void setTimeout(addFace, 500, face);
    document.fonts.add(face);
    unseenLobby();
  }
  // (whether the face was added: document.fonts.check says true of a family it has never had)
  if (fontLoading) window.yachtFontReady = fontLoading.then(function (face) { if (face) addFace(face); return !!face; });
  // The lobby may take the type once it has come while the lobby is not on screen (not yet parsed, under a kept table,
  // or hidden behind a table): no word of it moves under a player's eyes.
  function unseenLobby() {
    var setup = document.getElementById("setup");
    if (root.dataset.lobbyType === "waiting" || root.dataset.theme === "contrast") return;
    if (root.dataset.waking === "painting" || !setup || setup.hidden || !setup.offsetParent) root.dataset.lobbyType = "ready";
  }
  // So is the lobby's (the lobby in the table's type: app.css's html[data-lobby-type]), a first visit's too (fresh eyes
  // rounds 48 to 62: a first visit's lobby in the system's type read as a form beside the table's rounded type). The
  // lobby waits for it unseen, LOBBY_TYPE_WAIT_MS at most, and keeps the system's type for the visit when it comes
  // later: swapped under a player's eyes, the words moved (test_instant_table).
  var LOBBY_TYPE_WAIT_MS = 300;
  if (fontLoading && root.dataset.waking !== "painting" && root.dataset.theme !== "contrast") {
    root.dataset.lobbyType = "waiting";
    var settled = function (ready) {
      if (root.dataset.lobbyType !== "waiting") return;
      if (ready) root.dataset.lobbyType = "ready"; else delete root.dataset.lobbyType;
    };
    window.yachtFontReady.then(function (added) { settled(added && document.fonts.check('1rem "Fredoka Ready"')); });
    setTimeout(function () { settled(false); }, LOBBY_TYPE_WAIT_MS);
  }
  document.addEventListener("DOMContentLoaded", function () {
    for (var name in SETTINGS) bind(name);
    disclosure("menu-button", "menu", true);
    disclosure("hint-open", "hint", false);
    // Sound and look drops down from the header: a tap elsewhere or Escape folds it again.
    var panel = document.getElementById("settings");
    if (!panel) return;
    document.addEventListener("click", function (event) {
      if (panel.open && !panel.contains(event.target)) panel.open = false;
    });
    document.addEventListener("keydown", function (event) {
      if (event.key === "Escape" && panel.open) {
        panel.open = false;
        panel.querySelector("summary").focus();
      }
    });
  });
  // How the focus was last moved (issue 54): a ring is for the keys. A tap or a click marks html[data-pointer], a
  // key clears it; app.css then draws no ring on a focus the game moves after a tap (Roll's, after a roll or a score).
  // A touch screen without a keyboard in use starts so: the lobby's first focus (Play) shows no ring there.
  if (window.matchMedia && window.matchMedia("(hover: none) and (pointer: coarse)").matches) root.dataset.pointer = "true";
  document.addEventListener("pointerdown", function () { root.dataset.pointer = "true"; }, true);
  document.addEventListener("keydown", function (event) {
    if (!event.ctrlKey && !event.metaKey && !event.altKey) delete root.dataset.pointer;
  }, true);
}());
