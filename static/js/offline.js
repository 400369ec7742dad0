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

  // A first visit registers the worker once the game is ready (or has failed): its install
  // downloads every file again unless the page's own downloads have finished, which on a slow
  // line doubles the megabytes and delays the game. Later visits register at once (update check).
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

  window.addEventListener("load", function () { whenStarted(register); });

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
