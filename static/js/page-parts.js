// The page's half of the game (docs/protocol.md), in parts of one concern each: the only code that touches
// the document, storage, audio, vibration, timers, downloads and the file input. No game logic. Python runs
// in a PyScript worker on every host (static/js/game.mjs starts it), where it cannot reach the page: what a
// person does becomes an event (a plain JSON object), sent to the one function the worker exposes, handle,
// one at a time and in order; each answer is a list of effects, carried out before the next event goes.
//
// Each part is a classic deferred script (index.html loads them in this order, before the modules, so a
// first tap is queued from the first moments, and a browser too old for the modules still parses them: the
// form follows its choices, boot.js says why the game cannot start), in plain ES5 syntax, and puts its
// functions on window.yachtPageParts under its own name:
//   page-parts.js    this namespace and the helpers every part uses
//   page-storage.js  storage, which may refuse (storage)
//   page-sound.js    Web Audio's recipes and vibration (sound)
//   page-patch.js    the page's elements: a draw's ops, the setup form, the focus (patch)
//   page-queue.js    events to Python, in order, one at a time (queue)
//   page-effects.js  the effect table: each kind of effect carried out (effects)
//   page-events.js   what a person does, as events (events)
//   page.js          the worker: the start event, connect, stop (window.yachtPage, game.mjs's and boot.js's)
// A part calls another's functions when it runs, never while it loads, so none waits for the one after it.
(function () {
  "use strict";

  // An error's words, for the console.
  function message(error) {
    return error && error.message ? String(error.message) : String(error);
  }

  // An element by id, or by [selector, which match].
  function find(where) {
    return typeof where === "string" ? document.getElementById(where) : document.querySelectorAll(where[0])[where[1]];
  }

  function byId(id) {
    var element = document.getElementById(id);
    if (!element) throw new Error("no element #" + id + " on the page");
    return element;
  }

  window.yachtPageParts = { message: message, find: find, byId: byId };
}());
