// The page's half of the shell (game/shell): steps it asks for in one call each, by element id,
// with plain values. The shell may run in a worker (see static/js/python.mjs), where every new
// reference to a page object costs a round trip and more (measured in Chromium: 3-13 ms each, a
// property of one already held 0.05 ms): showing a box by id, reading the setup form or tossing a
// die took one or several. Here the shell names the element and this file does the step. It also
// keeps the setup form in step with its choices before Python has started. No game logic.
(function () {
  "use strict";
  var SILENT = 0.0001; // the gain a tone rises from and decays to (an exponential ramp cannot reach 0)

  // A thrown die: its body flies and lands, its strip of faces tumbles (game/feel.py's keyframes:
  // {toss, motion, flick, flickMotion}).
  function toss(button, frames) {
    var body = button.firstElementChild;
    if (!body || !body.animate) return;
    body.animate(frames.toss, frames.motion);
    if (body.firstElementChild) body.firstElementChild.animate(frames.flick, frames.flickMotion);
  }

  // The page's audio: its context, the output every tone goes through, and white noise (the
  // rattle's clacks), made on the first need.
  var audio = null;

  // The audio context, made in a person's tap (browsers, iOS above all, start audio only then) and
  // resumed when suspended; false where there is no Web Audio. Where navigator.audioSession exists
  // it is "ambient": iOS respects the ringer's mute switch.
  function wakeAudio(gain) {
    if (!audio) {
      var Make = window.AudioContext || window.webkitAudioContext;
      if (!Make) return false;
      if (navigator.audioSession) navigator.audioSession.type = "ambient";
      var context = new Make();
      var output = context.createGain();
      output.gain.value = gain;
      output.connect(context.destination);
      audio = { context: context, output: output, noise: null };
    }
    if (audio.context.state !== "running") audio.context.resume(); // the tones are set on its clock anyway
    return true;
  }

  // The same white noise every visit, seconds long, drawn from seed (mulberry32): a recipe, not a chance.
  function noise(context, seconds, seed) {
    var count = Math.floor(context.sampleRate * seconds);
    var buffer = context.createBuffer(1, count, context.sampleRate);
    var samples = buffer.getChannelData(0);
    var state = seed >>> 0;
    for (var i = 0; i < count; i++) {
      state = (state + 0x6d2b79f5) >>> 0;
      var t = Math.imul(state ^ (state >>> 15), 1 | state);
      t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
      samples[i] = (((t ^ (t >>> 14)) >>> 0) / 4294967296) * 2 - 1;
    }
    return buffer;
  }

  // Every tone of a recipe on the context's clock: a source, a quick attack, a soft decay.
  // recipe: {tones: [{frequency, start, duration, gain, wave}], lead, attack, noiseQ, noiseSeconds,
  // noiseSeed} (seconds, Hz), a wave being an oscillator type or "noise".
  function schedule(recipe) {
    var context = audio.context;
    var now = context.currentTime + recipe.lead;
    recipe.tones.forEach(function (tone) {
      var start = now + tone.start;
      var end = start + tone.duration;
      var source;
      var head;
      if (tone.wave === "noise") {
        if (!audio.noise) audio.noise = noise(context, recipe.noiseSeconds, recipe.noiseSeed);
        source = context.createBufferSource();
        source.buffer = audio.noise;
        head = context.createBiquadFilter();
        head.type = "bandpass";
        head.frequency.value = tone.frequency;
        head.Q.value = recipe.noiseQ;
        source.connect(head);
      } else {
        source = head = context.createOscillator();
        source.type = tone.wave;
        source.frequency.value = tone.frequency;
      }
      var envelope = context.createGain();
      var level = envelope.gain;
      level.setValueAtTime(SILENT, start);
      level.exponentialRampToValueAtTime(tone.gain, start + Math.min(recipe.attack, tone.duration / 2));
      level.exponentialRampToValueAtTime(SILENT, end);
      head.connect(envelope).connect(audio.output);
      source.start(start);
      source.stop(end);
    });
  }

  // A recipe (as JSON) once the next frame is drawn: the roll's dice reach the screen first, its
  // sound a frame later. A sound never stops play: a failure is a warning in the console.
  function play(json) {
    var recipe = JSON.parse(json);
    if (!audio) return;
    requestAnimationFrame(function () {
      setTimeout(function () {
        try {
          schedule(recipe);
        } catch (error) {
          console.warn("sound: " + (error && error.message ? error.message : error));
        }
      }, 0);
    });
  }

  // An element by id, or by [selector, which match].
  function find(where) {
    return typeof where === "string" ? document.getElementById(where) : document.querySelectorAll(where[0])[where[1]];
  }

  // A draw's changes in one call (game/shell/board.py): JSON [[where, changes], ...] in order, where
  // as find() takes it; changes: html, text (written only when it differs: a live region speaks
  // each write), class, hidden, checked, attrs {name: value}, toggle {class: on}, toss (the die
  // tumbles, with motion's keyframes as JSON), optional (a missing element is passed over).
  function apply(json, motion) {
    var frames = motion ? JSON.parse(motion) : null;
    JSON.parse(json).forEach(function (op) {
      var element = find(op[0]);
      var changes = op[1];
      if (!element) {
        if (changes.optional) return;
        throw new Error("no element " + JSON.stringify(op[0]) + " on the page");
      }
      if ("html" in changes) element.innerHTML = changes.html;
      if ("text" in changes && element.textContent !== changes.text) element.textContent = changes.text;
      if ("class" in changes) element.className = changes["class"];
      if ("hidden" in changes) element.hidden = changes.hidden;
      if ("checked" in changes) element.checked = changes.checked;
      if ("disabled" in changes) element.disabled = changes.disabled;
      (changes.remove || []).forEach(function (name) { element.removeAttribute(name); });
      Object.keys(changes.attrs || {}).forEach(function (name) { element.setAttribute(name, changes.attrs[name]); });
      Object.keys(changes.toggle || {}).forEach(function (name) { element.classList.toggle(name, changes.toggle[name]); });
      if (changes.toss && frames) toss(element, frames);
    });
  }

  function byId(id) {
    var element = document.getElementById(id);
    if (!element) throw new Error("no element #" + id + " on the page");
    return element;
  }

  function show(id, visible) { byId(id).hidden = !visible; }

  // A notice's words: shown, or hidden when empty.
  function say(id, words) {
    var element = byId(id);
    element.textContent = words;
    element.hidden = !words;
  }

  // The setup form's values by field name, as JSON: a checkbox "1" or "0", a radio group its checked value.
  function formFields(id) {
    var fields = {};
    Array.prototype.forEach.call(byId(id).elements, function (element) {
      if (!element.name || (element.type === "radio" && !element.checked)) return;
      fields[element.name] = element.type === "checkbox" ? (element.checked ? "1" : "0") : element.value;
    });
    return JSON.stringify(fields);
  }

  // Field values (JSON, as formFields gives them) put into the form; names it lacks are passed over.
  function fillForm(id, json) {
    var elements = byId(id).elements;
    var values = JSON.parse(json);
    Object.keys(values).forEach(function (name) {
      var element = elements.namedItem(name);
      if (!element) return;
      if (element.type === "checkbox") element.checked = values[name] === "1";
      else element.value = values[name];
    });
  }

  // Show the options of the chosen rule set and as many seat rows as players (game/markup.py's form).
  function syncForm(id) {
    var form = document.getElementById(id);
    if (!form) return;
    var fields = JSON.parse(formFields(id));
    form.querySelectorAll("fieldset[data-rules]").forEach(function (fieldset) {
      fieldset.hidden = fieldset.dataset.rules !== fields.rules;
    });
    var count = parseInt(fields.count || "2", 10);
    form.querySelectorAll(".player-row").forEach(function (row) {
      row.hidden = parseInt(row.dataset.seat, 10) > count;
    });
  }

  // The form follows its choices from the first paint, Python or not.
  document.addEventListener("change", function (event) {
    var form = event.target && event.target.form;
    if (form && form.id === "setup-form") syncForm(form.id);
  });

  // Events on the page's body, resolved to plain values for the shell, in one call for every type
  // (where Python runs in a worker, each handler handed over is a new reference). table (JSON):
  // [[type, [selector, ...], prevent], ...]. handler(type, index, found): the index of the first
  // selector of its type that the event's target is at or inside, and that element's id and data-*
  // values as JSON ({id, data}); nothing when none matches. prevent: the event's own action is
  // prevented (a form's submission), whatever matched.
  function delegate(table, handler) {
    JSON.parse(table).forEach(function (entry) {
      var type = entry[0];
      var wanted = entry[1];
      var prevent = entry[2];
      document.body.addEventListener(type, function (event) {
        if (prevent) event.preventDefault();
        var target = event.target;
        if (!target || !target.closest) return;
        for (var i = 0; i < wanted.length; i++) {
          var found = target.closest(wanted[i]);
          if (found) {
            track(handler(type, i, JSON.stringify({ id: found.id, data: Object.assign({}, found.dataset) })));
            return;
          }
        }
      });
    });
  }

  // The window's and the document's events the shell answers, as plain values (JSON), in one call:
  // handler("storage", {key, newValue}) when another tab stores, handler("visibilitychange",
  // {hidden}) when the tab is hidden or shown.
  function listen(handler) {
    window.addEventListener("storage", function (event) {
      track(handler("storage", JSON.stringify({ key: event.key, newValue: event.newValue })));
    });
    document.addEventListener("visibilitychange", function () {
      track(handler("visibilitychange", JSON.stringify({ hidden: document.hidden })));
    });
  }

  // Key presses on the page's body, as plain values for the shell (JSON): {key, ctrl (Ctrl or the
  // command key held), alt, typing (in a field or a summary), choice (on a box of the scorecard)}.
  function delegateKeys(handler) {
    document.body.addEventListener("keydown", function (event) {
      var target = event.target && event.target.closest ? event.target : null;
      track(handler(JSON.stringify({
        key: event.key, ctrl: Boolean(event.ctrlKey || event.metaKey), alt: event.altKey,
        typing: Boolean(target && target.closest("input, select, textarea, summary")),
        choice: Boolean(target && target.closest("button.choice")),
      })));
    });
  }

  // Events handed to the shell and not yet answered, and who waits for the last answer. Where
  // Python runs in a worker, a handler's call returns at once with a promise of its answer; on the
  // page's thread, once it has answered.
  var pending = 0;
  var waiting = [];

  function track(answer) {
    if (!answer || typeof answer.then !== "function") return;
    pending += 1;
    var done = function () {
      pending -= 1;
      if (!pending) waiting.splice(0).forEach(function (resolve) { resolve(); });
    };
    answer.then(done, done);
  }

  // A promise kept once the shell has answered every event so far (the page then shows them all):
  // no timer and no frame, so a tab in the background, whose timers are slowed, waits no longer.
  function answered() {
    return pending ? new Promise(function (resolve) { waiting.push(resolve); }) : Promise.resolve();
  }

  // Focus a control for keyboard play, without scrolling and never away from a field in use
  // (Python may become ready while someone on a slow phone is typing a name in the form).
  function offerFocus(id) {
    var active = document.activeElement;
    if (active && /^(INPUT|SELECT|TEXTAREA)$/.test(active.tagName)) return;
    byId(id).focus({ preventScroll: true });
  }

  // The page address's query as JSON [[name, value], ...], as the browser parses it.
  function query() {
    return JSON.stringify(Array.from(new URLSearchParams(window.location.search)));
  }

  // The address without its query, in place (a reload never repeats a link).
  function dropQuery() {
    window.history.replaceState(null, "", window.location.pathname);
  }

  // The shell is ready: the last changes of its start (JSON, as apply takes them), then <html
  // data-python> (how Python started, when it says) and data-ready, and the "yacht:ready" mark.
  function ready(json, python) {
    try {
      apply(json, "");
    } finally {
      var root = document.documentElement.dataset;
      if (python) root.python = python;
      root.ready = "true";
      performance.mark("yacht:ready");
    }
  }

  // The browser's languages, first preferred, as JSON.
  function languages() {
    return JSON.stringify(Array.from(navigator.languages || [navigator.language || ""]));
  }

  // Move the focus to the next (step 1) or previous (-1) of the elements matching selector, round
  // the end, from the one focused now (the first if none is).
  function moveFocus(selector, step) {
    var all = Array.prototype.slice.call(document.querySelectorAll(selector));
    if (!all.length) return;
    var position = Math.max(0, all.indexOf(document.activeElement));
    all[(position + step + all.length) % all.length].focus();
  }

  // keys (JSON) pressed on an element matching selector do not do their own action (an arrow's
  // scrolling), prevented at once, whatever the shell then does with them.
  function preventKeys(selector, keys) {
    var wanted = JSON.parse(keys);
    document.body.addEventListener("keydown", function (event) {
      if (event.altKey || wanted.indexOf(event.key) === -1) return;
      if (event.target && event.target.closest && event.target.closest(selector)) event.preventDefault();
    });
  }

  window.yachtPage = {
    moveFocus: moveFocus, preventKeys: preventKeys, wakeAudio: wakeAudio,
    offerFocus: offerFocus, query: query, languages: languages,
    delegate: delegate, delegateKeys: delegateKeys, listen: listen, answered: answered, dropQuery: dropQuery, ready: ready,
    apply: apply, play: play, show: show, say: say, formFields: formFields, fillForm: fillForm, syncForm: syncForm,
  };
}());
