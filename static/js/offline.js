// Offline support (no game logic): register the service worker from the site root so it
// controls index.html, ask for persistent storage, and offer a reload when an update waits.
(function () {
  "use strict";
  if (!("serviceWorker" in navigator) || !window.isSecureContext) return;

  // The new version takes over once the old one has nothing in flight, and controllerchange (below)
  // then reloads the page: about a second here. Should it not come by this time (a request the page
  // still has open holds the old version), the page reloads anyway: leaving it ends what it held, and
  // it comes back from whichever version then controls it, an update still waiting offered again.
  var RELOAD_ANYWAY_MS = 5000;

  function offerUpdate(worker) {
    var bar = document.getElementById("update-bar");
    var button = document.getElementById("update-reload");
    if (!bar || !button) return;
    bar.hidden = false;
    button.onclick = function () {
      button.disabled = true;
      worker.postMessage("skip-waiting");
      setTimeout(function () { window.location.reload(); }, RELOAD_ANYWAY_MS);
    };
  }

  var hadController = Boolean(navigator.serviceWorker.controller);
  navigator.serviceWorker.addEventListener("controllerchange", function () {
    // A new version took over: reload once so every file comes from the same version.
    // (The match in progress lives in localStorage and survives the reload.)
    if (hadController) window.location.reload();
    hadController = true;
  });

  // A first visit registers the worker once the game is ready (or has failed) and its first turn is
  // over: its install revalidates every file, and while it runs it competes with the game for the
  // line and the processor, which made a first visit's first roll take 40–230 ms instead of under
  // 50 (issue 54). So it waits for the first box written on the card, for the page being left, or
  // for a quiet moment well after the start (a visitor who reads the lobby and never plays); then
  // it asks for an idle moment. Later visits register at once (update check): a page that has
  // written a box here before (FLAG, set at that moment, so a reload at once still counts) or that
  // the worker already controls.
  var QUIET_MS = 20000;
  var FLAG = "yacht-dice/offline";
  function flagged() {
    try { return window.localStorage.getItem(FLAG) === "1"; } catch (error) { return false; }
  }
  function flag() {
    try { window.localStorage.setItem(FLAG, "1"); } catch (error) { /* storage refused: wait again next time */ }
  }
  function whenStarted(then) {
    var html = document.documentElement;
    var settled = function () { return html.dataset.ready === "true" || html.dataset.ready === "failed"; };
    if (navigator.serviceWorker.controller || settled()) return then();
    var observer = new MutationObserver(function () {
      if (!settled()) return;
      observer.disconnect();
      then();
    });
    observer.observe(html, { attributes: true, attributeFilter: ["data-ready"] });
  }

  function afterFirstTurn(then) {
    if (navigator.serviceWorker.controller || flagged() || document.documentElement.dataset.ready === "failed") return then();
    var done = false;
    var lastInput = Date.now();
    var finish = function () {
      if (done) return;
      done = true;
      document.removeEventListener("click", onClick, true);
      document.removeEventListener("visibilitychange", onHidden);
      var idle = window.requestIdleCallback || function (f) { return setTimeout(f, 200); };
      idle(then, { timeout: 3000 });
    };
    var onClick = function (event) {
      lastInput = Date.now();
      // A box chosen on the card ends the first turn (a tap, or Enter on the box: both click).
      if (!(event.target && event.target.closest && event.target.closest("#scorecard button"))) return;
      flag();
      setTimeout(finish, 1000);
    };
    var onHidden = function () { if (document.visibilityState === "hidden") finish(); };
    var quiet = function () {
      if (done) return;
      if (Date.now() - lastInput >= QUIET_MS / 4) return finish();
      setTimeout(quiet, QUIET_MS / 4);
    };
    document.addEventListener("click", onClick, true);
    document.addEventListener("keydown", function () { lastInput = Date.now(); }, true);
    document.addEventListener("visibilitychange", onHidden);
    setTimeout(quiet, QUIET_MS);
  }

  // settings.js puts this script on the page once it has painted: the load event may have come already.
  var begin = function () { whenStarted(function () { afterFirstTurn(register); }); };
  if (document.readyState === "complete") begin();
  else window.addEventListener("load", begin);

  function register() {
    navigator.serviceWorker.register("./sw.js").then(function (registration) {
      if (!registration) return;  // registration blocked (some test and privacy modes)
      if (registration.waiting && navigator.serviceWorker.controller) offerUpdate(registration.waiting);
      registration.addEventListener("updatefound", function () {
        var worker = registration.installing;
        if (!worker) return;
        worker.addEventListener("statechange", function () {
          if (worker.state === "installed" && navigator.serviceWorker.controller) offerUpdate(worker);
        });
      });
    }).catch(function (error) {
      console.warn("Offline play is unavailable: " + error.message);
    });
    if (navigator.storage && navigator.storage.persist) {
      navigator.storage.persisted().then(function (already) {
        if (!already) navigator.storage.persist();
      });
    }
  }
}());
