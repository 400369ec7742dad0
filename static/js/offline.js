// Offline support (no game logic): register the service worker from the site root so it
// controls index.html, ask for persistent storage, and offer a reload when an update waits.
(function () {
  "use strict";
  if (!("serviceWorker" in navigator) || !window.isSecureContext) return;

  function offerUpdate(worker) {
    var bar = document.getElementById("update-bar");
    var button = document.getElementById("update-reload");
    if (!bar || !button) return;
    bar.hidden = false;
    button.onclick = function () {
      button.disabled = true;
      worker.postMessage("skip-waiting");
    };
  }

  var hadController = Boolean(navigator.serviceWorker.controller);
  navigator.serviceWorker.addEventListener("controllerchange", function () {
    // A new version took over: reload once so every file comes from the same version.
    // (The match in progress lives in localStorage and survives the reload.)
    if (hadController) window.location.reload();
    hadController = true;
  });

  window.addEventListener("load", function () {
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
  });
}());
