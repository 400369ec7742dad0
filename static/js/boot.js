// Boot watchdog: if Python does not start, say so on the page, not only in the console.
// No game logic lives here; it only reports a failed start.
(function () {
  "use strict";
  var LIMIT_MS = 30000;
  function fail(reason) {
    if (document.documentElement.dataset.ready === "true") return;
    var box = document.getElementById("boot-error");
    var loading = document.getElementById("loading");
    if (!box) return;
    if (loading) loading.hidden = true;
    box.textContent = "The game could not start: " + reason +
      " Reload the page to try again; if it keeps failing, this browser may not support WebAssembly.";
    box.hidden = false;
    document.documentElement.dataset.ready = "failed";
  }
  window.addEventListener("error", function (event) {
    var message = event && event.message ? String(event.message) : "a script failed to load.";
    if (/PythonError/.test(message)) {
      // Never a traceback on the page: the details stay in the browser's console.
      fail("its Python code raised an error (the details are in the browser's console).");
    } else if (/pyodide|pyscript|python|wasm/i.test(message) || (event.filename || "").indexOf("/vendor/") !== -1) {
      fail(message);
    }
  }, true);
  // PyScript says when every Python script has finished: the page must be ready by then.
  window.addEventListener("py:all-done", function () {
    setTimeout(function () { fail("its Python code stopped before the page was ready."); }, 0);
  });
  window.addEventListener("unhandledrejection", function (event) {
    var reason = event && event.reason ? String(event.reason.message || event.reason) : "unknown error";
    fail(reason);
  });
  window.addEventListener("load", function () {
    setTimeout(function () { fail("Python did not finish loading within " + LIMIT_MS / 1000 + " seconds."); }, LIMIT_MS);
  });
}());
