// Events to Python, in order (part of the page: see page-parts.js): each event waits in the queue until the
// worker's handle is there and the one before it is answered and its effects carried out (page-effects.js);
// before Python's table is drawn, a person's events carry the stamp of the table painted before it.
(function () {
  "use strict";
  var parts = window.yachtPageParts;
  // static/js/table.js, which runs before this: the kept table painted before Python.
  var table = window.yachtTable;
  var TAGGED = ["click", "submit", "change", "key"]; // a person's events: sent before ready, they carry the table's stamp

  var handle = null; // the worker's handle(event_json, payload), once connected
  var stopped = false; // Python could not start: events are no longer kept
  var queue = []; // [{event, payload}] not yet sent
  var sending = false; // an event is with Python, or its effects are being carried out
  var busy = 0; // events queued or unanswered, and work that will send one (a file read, a fetch)
  var waiting = []; // who waits for busy to reach 0 (answered)

  function hold() {
    busy += 1;
  }

  function release() {
    busy -= 1;
    if (busy <= 0) {
      busy = 0;
      waiting.splice(0).forEach(function (resolve) { resolve(); });
    }
  }

  function event(type, fields) {
    var made = fields || {};
    made.type = type;
    made.now = new Date().toISOString();
    return made;
  }

  // An event at the end of the queue (a payload: a fetched file's bytes, for handle's second argument).
  function send(type, fields, payload) {
    if (stopped) return;
    var made = event(type, fields);
    var painted = table.stamp(); // until the ready effect, the table the person acts on (game/app/waking.py)
    if (painted !== null && TAGGED.indexOf(type) !== -1) made.board = painted;
    queue.push({ event: made, payload: payload });
    hold();
    pump();
  }

  // The next event to Python, once the one before is answered and its effects carried out.
  function pump() {
    if (sending || !handle || !queue.length) return;
    sending = true;
    var next = queue.shift();
    var answer;
    try {
      var text = JSON.stringify(next.event);
      // No payload: handle is called with the event alone (Python's default, None).
      answer = Promise.resolve(next.payload ? handle(text, next.payload) : handle(text));
    } catch (error) {
      answer = Promise.reject(error);
    }
    var done = function () {
      sending = false;
      release();
      pump();
    };
    answer.then(parts.effects.carryOut, function (error) {
      broken(error, next.event.type);
    }).then(done, done);
  }

  // Python raised out of handle (its own guard failed) or the worker is gone: the details in the
  // console, and before the page is ready, boot.js's words on the page rather than a page that
  // never starts. An unanswered start is a Python that could not start (PyScript runs the worker's
  // code and resolves even when its import fails: then there is no handle): nothing more is sent.
  // After any other, the next event is still sent.
  function broken(error, type) {
    if (type === "start") {
      window.yachtPage.failed(error, true);
      return;
    }
    console.error("The game's Python did not answer the " + type + " event: " + parts.message(error));
    var boot = window.yachtBoot;
    if (boot) boot.fail(boot.word("python_error"));
  }

  // Work that will send an event (a file read, a fetch): answered() waits for it too.
  function working(promise) {
    hold();
    promise.then(release, function (error) {
      console.warn(parts.message(error));
      release();
    });
  }

  // The worker's handle: the start event goes first, then what waited for it (once only, and never after stop).
  function connect(worker, start) {
    if (handle || stopped) return;
    handle = worker;
    queue.unshift({ event: start(), payload: null });
    hold();
    pump();
  }

  // No Python will come: nothing waits for answers that will not come, and no event is kept from now on.
  function stop() {
    stopped = true;
    queue.splice(0).forEach(release);
  }

  // A promise kept once every event so far has been answered and its effects carried out, the
  // queued ones included (and a file read or fetch that will send one): no timer and no frame, so
  // a tab in the background, whose timers are slowed, waits no longer. A timer's tick counts from
  // when it fires.
  function answered() {
    return busy ? new Promise(function (resolve) { waiting.push(resolve); }) : Promise.resolve();
  }

  parts.queue = {
    event: event, send: send, working: working, connect: connect, stop: stop, answered: answered,
  };
}());
