// Boot watchdog: if Python does not start, say so on the page, not only in the console.
// No game logic lives here; it only reports a failed start. static/js/page.js reports through it
// too (window.yachtBoot): a worker that could not start, a Python error before the page was ready.
(function () {
  "use strict";
  var LIMIT_MS = 30000;
  // The build writes every language's messages into the page (game/boot.py): pick the player's
  // language as the game does (a remembered choice, else the browser's first known language).
  var data = {};
  try { data = JSON.parse(document.getElementById("boot-words").textContent); } catch (e) { data = {}; }
  function pick() {
    var wanted = [];
    try { wanted.push(localStorage.getItem(data.key) || ""); } catch (e) { /* storage refused */ }
    wanted = wanted.concat(navigator.languages || [navigator.language || ""]);
    for (var i = 0; i < wanted.length; i++) {
      var primary = String(wanted[i]).split(/[-_]/)[0].toLowerCase();
      for (var code in data.aliases || {}) {
        if (data.aliases[code].indexOf(primary) !== -1) return code;
      }
    }
    return "en";
  }
  var words = data.words || {};
  var WORDS = words[pick()] || words.en || {};  // none only if the build did not write them: the reason alone
  function word(key) { return WORDS[key] || (key === "failed" ? "{reason}" : key); }
  function fail(reason) {
    if (document.documentElement.dataset.ready === "true") return;
    var box = document.getElementById("boot-error");
    var loading = document.getElementById("loading");
    if (!box) return;
    if (loading) loading.hidden = true;
    box.textContent = word("failed").replace("{reason}", reason);
    box.hidden = false;
    document.documentElement.dataset.ready = "failed";
  }
  window.addEventListener("error", function (event) {
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
  window.addEventListener("load", function () {
    setTimeout(function () { fail(word("limit").replace("{seconds}", String(LIMIT_MS / 1000))); }, LIMIT_MS);
  });
  // (PyScript's "py:all-done" is no sign here: the page has no Python script of its own, so it
  // comes at once; Python runs in a worker that static/js/game.mjs starts.)
  window.yachtBoot = { fail: fail, word: word };
}());
