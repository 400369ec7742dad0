// The page's half of the game (docs/protocol.md): the only code that touches the document,
// storage, audio, vibration, timers, downloads and the file input. Python runs in a PyScript
// worker on every host (static/js/game.mjs starts it), where it cannot reach the page: what a
// person does becomes an event here (a plain JSON object), sent to the one function the worker
// exposes, handle, one at a time and in order; each answer is a list of effects, carried out here
// before the next event goes. It also keeps the setup form in step with its choices before Python
// has started. No game logic.
//
// Plain ES5 syntax, as a classic deferred script: it runs before the modules (game.mjs hands it the
// worker), so a first tap is queued from the first moments, and a browser too old for the modules
// still parses it (the form follows its choices, boot.js says why the game cannot start).
(function () {
  "use strict";

  // Keys pressed on a box of the scorecard (button.choice), Alt not held, whose own action (the
  // page scrolls) is prevented here at once: Python answers from a worker, after the event is
  // over, too late to prevent anything. They are game.present.keys.CHOICE_KEYS, the keys that move the
  // focus between the boxes (tests/unit/test_page_js.py checks that the two agree).
  var CHOICE_KEYS = ["ArrowDown", "ArrowUp"];

  // What the start event reads (docs/protocol.md: STORED_KEYS in localStorage, the flag in
  // sessionStorage that this tab's last save failed).
  var STORED_KEYS = [
    "yacht-dice/match", "yacht-dice/setup", "yacht-dice/history",
    "yacht-dice/hints", "yacht-dice/unreadable-save", "yacht-dice/language", "yacht-dice/challenge",
    "yacht-dice/shared", "yacht-dice/phone",
  ];
  var KEPT_PREFIX = "yacht-dice/unreadable-"; // copies kept aside, each under a key of its own: all are read
  var UNSAVED_KEY = "yacht-dice/unsaved";
  var SETUP_FORM = "setup-form";
  var CHANGES = ["hint-toggle", "chances-toggle", "language", "stats-rules", "stats-player"]; // ids whose change is an event
  var BACKUP_INPUT = "import-backup"; // the file input: its change is a `file` event
  var ASK = "ask"; // the game's own question (index.html's <dialog>), the confirm effect's
  var TYPING = "input, select, textarea, summary"; // a key pressed here is typed, not a command
  var REDUCED_MOTION = "(prefers-reduced-motion: reduce)";
  var MASTER_GAIN = 0.5; // game/present/sounds.py's MASTER_GAIN, until a recipe brings its own (masterGain)
  var SILENT = 0.0001; // the gain a tone rises from and decays to (an exponential ramp cannot reach 0)
  var root = document.documentElement;
  // static/js/table.js, which runs before this: the kept table painted before Python, and the page's fixed texts.
  var table = window.yachtTable;
  var TAGGED = ["click", "submit", "change", "key"]; // a person's events: sent before ready, they carry the table's stamp

  function message(error) {
    return error && error.message ? String(error.message) : String(error);
  }

  // ------------------------------------------------------------------ storage, which may refuse

  // localStorage or sessionStorage, or null where the browser refuses storage (even reading
  // window.localStorage throws there): nothing here ever throws for storage.
  function storage(name) {
    try {
      return window[name] || null;
    } catch (error) {
      return null;
    }
  }

  function storedValue(key) {
    try {
      var value = storage("localStorage").getItem(key);
      return typeof value === "string" ? value : null;
    } catch (error) {
      return null;
    }
  }

  // ------------------------------------------------------------------ dice, sound

  // A thrown die: its body flies and lands, its strip of faces tumbles (game/present/feel.py's keyframes:
  // {toss, motion, flick, flickMotion}).
  function toss(button, frames) {
    var body = button.firstElementChild;
    if (!body || !body.animate) return;
    body.animate(frames.toss, frames.motion);
    if (body.firstElementChild) body.firstElementChild.animate(frames.flick, frames.flickMotion);
  }

  // The page's audio: its context, the output every tone goes through, and white noise (the
  // rattle's clacks), made on the first need; broken once Web Audio has failed (silent from then on).
  var audio = null;
  var audioBroken = false;

  function soundOn() {
    return root.dataset.sound === "on";
  }

  // The audio context, made in a person's tap (browsers, iOS above all, start audio only then) and
  // resumed when suspended; false where there is no Web Audio or it failed (one warning). Where
  // navigator.audioSession exists it is "ambient": iOS respects the ringer's mute switch.
  function wakeAudio(gain) {
    if (audioBroken) return false;
    try {
      if (!audio) {
        var Make = window.AudioContext || window.webkitAudioContext;
        if (!Make) throw new Error("this browser has no Web Audio");
        if (navigator.audioSession) navigator.audioSession.type = "ambient";
        var context = new Make();
        var output = context.createGain();
        output.gain.value = gain;
        output.connect(context.destination);
        audio = { context: context, output: output, noise: null };
      }
      if (audio.output.gain.value !== gain) audio.output.gain.value = gain;
      if (audio.context.state !== "running") audio.context.resume(); // the tones are set on its clock anyway
      return true;
    } catch (error) {
      audioBroken = true;
      console.warn("sound: off for this visit: " + message(error));
      return false;
    }
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
  // noiseSeed, masterGain} (seconds, Hz), a wave being an oscillator type or "noise".
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

  // A recipe once the next frame is drawn, where Sound is on and Web Audio works: the roll's dice
  // reach the screen first, its sound a frame later. A sound never stops play: a failure is a warning.
  function play(recipe) {
    if (!soundOn() || !wakeAudio(typeof recipe.masterGain === "number" ? recipe.masterGain : MASTER_GAIN)) return;
    requestAnimationFrame(function () {
      setTimeout(function () {
        try {
          schedule(recipe);
        } catch (error) {
          console.warn("sound: " + message(error));
        }
      }, 0);
    });
  }

  // ------------------------------------------------------------------ the page's elements

  // An element by id, or by [selector, which match].
  function find(where) {
    return typeof where === "string" ? document.getElementById(where) : document.querySelectorAll(where[0])[where[1]];
  }

  function byId(id) {
    var element = document.getElementById(id);
    if (!element) throw new Error("no element #" + id + " on the page");
    return element;
  }

  // A form's values by field name: a checkbox "1" or "0", a radio group its checked value; {} where
  // there is no form.
  function formFields(form) {
    var fields = {};
    if (!form || !form.elements) return fields;
    Array.prototype.forEach.call(form.elements, function (element) {
      if (!element.name || (element.type === "radio" && !element.checked)) return;
      fields[element.name] = element.type === "checkbox" ? (element.checked ? "1" : "0") : element.value;
    });
    return fields;
  }

  // The setup form's fields, which every click, change and submit carries.
  function setupFields() {
    return formFields(document.getElementById(SETUP_FORM));
  }

  // Field values (as formFields gives them) put into a form; names it lacks are passed over.
  function fillForm(form, values) {
    var elements = form.elements;
    Object.keys(values).forEach(function (name) {
      var element = elements.namedItem(name);
      if (!element) return;
      if (element.type === "checkbox") element.checked = values[name] === "1";
      else element.value = values[name];
    });
  }

  // Show the options of the chosen rule set and as many seat rows as players (game/present/forms.py's form).
  function syncForm(form) {
    if (!form) return;
    var fields = formFields(form);
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
    if (form && form.id === SETUP_FORM) syncForm(form);
  });

  // One element's changes (an `apply` op), in this order: outer (outerHTML: the element is found
  // again after, so the op's other changes reach the new one), html, text (written only when it
  // differs: a live region speaks each write), class, hidden, checked, disabled, value, remove
  // [attr...], attrs {name: value}, toggle {class: on}, fill {field: value} (fillForm then
  // syncForm), toss (the die tumbles with frames' keyframes), scroll (scrollIntoView, with its
  // options when it is an object). optional: a missing element is passed over.
  function change(where, changes, frames) {
    var element = find(where);
    if (element && "outer" in changes) {
      element.outerHTML = changes.outer;
      element = find(where);
    }
    if (!element) {
      if (changes.optional) return;
      throw new Error("no element " + JSON.stringify(where) + " on the page");
    }
    if ("html" in changes) element.innerHTML = changes.html;
    if ("text" in changes && element.textContent !== changes.text) element.textContent = changes.text;
    if ("class" in changes) element.className = changes["class"];
    if ("hidden" in changes) element.hidden = changes.hidden;
    if ("checked" in changes) element.checked = changes.checked;
    if ("disabled" in changes) element.disabled = changes.disabled;
    if ("value" in changes) element.value = changes.value;
    (changes.remove || []).forEach(function (name) { element.removeAttribute(name); });
    Object.keys(changes.attrs || {}).forEach(function (name) { element.setAttribute(name, changes.attrs[name]); });
    Object.keys(changes.toggle || {}).forEach(function (name) { element.classList.toggle(name, changes.toggle[name]); });
    if (changes.fill) {
      fillForm(element, changes.fill);
      syncForm(element);
    }
    if (changes.toss && frames) toss(element, frames);
    if (changes.scroll) element.scrollIntoView(typeof changes.scroll === "object" ? changes.scroll : undefined);
  }

  // A draw: [[where, changes], ...] in order. An op that fails is a warning and the draw goes on:
  // the rest of the page stays right.
  function apply(ops, frames) {
    ops.forEach(function (op) {
      try {
        change(op[0], op[1], frames);
      } catch (error) {
        console.warn("apply: " + message(error));
      }
    });
  }

  // Focus a control for keyboard play, without scrolling and never away from a field in use
  // (Python may become ready while someone on a slow phone is typing a name in the form).
  function offerFocus(id) {
    var active = document.activeElement;
    if (active && /^(INPUT|SELECT|TEXTAREA)$/.test(active.tagName)) return;
    byId(id).focus({ preventScroll: true });
  }

  // Move the focus to the next (step 1) or previous (-1) of the elements matching selector, round
  // the end, from the one focused now (the first if none is).
  function moveFocus(selector, step) {
    var all = Array.prototype.slice.call(document.querySelectorAll(selector));
    if (!all.length) return;
    var position = Math.max(0, all.indexOf(document.activeElement));
    all[(position + step + all.length) % all.length].focus();
  }

  // The msgids of the page's fixed texts, each once, in the page's order (the start event's).
  function msgids() {
    var seen = {};
    var found = [];
    table.eachFixedText(function (id) {
      if (id && !seen.hasOwnProperty(id)) {
        seen[id] = true;
        found.push(id);
      }
    });
    return found;
  }

  // ------------------------------------------------------------------ events to Python

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
    answer.then(carryOut, function (error) {
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
      failed(error, true);
      return;
    }
    console.error("The game's Python did not answer the " + type + " event: " + message(error));
    var boot = window.yachtBoot;
    if (boot) boot.fail(boot.word("python_error"));
  }

  // The worker's answer: every effect in order; one that fails is a warning and the rest still run.
  function carryOut(answer) {
    var effects;
    try {
      effects = typeof answer === "string" ? JSON.parse(answer) : answer;
      if (!Array.isArray(effects)) throw new Error("not a list of effects: " + String(answer).slice(0, 80));
    } catch (error) {
      console.warn("effects: " + message(error));
      return;
    }
    // The start's answer draws the real table: the kept one painted before Python gives way first.
    if (effects.some(function (effect) { return Array.isArray(effect) && effect[0] === "ready"; })) table.woke();
    kept = null;
    effects.forEach(function (effect) {
      try {
        var kind = effect[0];
        if (!EFFECTS.hasOwnProperty(kind)) throw new Error("unknown effect");
        EFFECTS[kind].apply(null, effect.slice(1));
      } catch (error) {
        console.warn("effect " + JSON.stringify(effect && effect[0]) + ": " + message(error));
      }
    });
    if (kept !== null) table.keep(kept.stamp, kept.status, worded); // once the whole answer is on the page
  }

  // Work that will send an event (a file read, a fetch): answered() waits for it too.
  function working(promise) {
    hold();
    promise.then(release, function (error) {
      console.warn(message(error));
      release();
    });
  }

  // ------------------------------------------------------------------ effects from Python

  function download(filename, text) {
    var url = URL.createObjectURL(new Blob([text], { type: "application/json" }));
    var link = document.createElement("a");
    link.href = url;
    link.download = filename;
    document.body.appendChild(link); // Firefox follows only a link on the page
    link.click();
    link.remove();
    setTimeout(function () { URL.revokeObjectURL(url); }, 0);
  }

  // The language's words on the page's fixed texts (words: {msgid: text}; a msgid it lacks shows
  // as itself, the English), and the page named in it: <html lang> and data-language, the picker,
  // the manifest's link. The words are kept with the table (a later launch paints them before Python).
  var worded = { code: "", words: null };
  var kept = null; // {stamp, status} of the table to keep once the answer is carried out (keep, ready), or null

  function language(code, manifest, words) {
    table.word(code, words);
    worded = { code: code, words: words || null };
    var link = document.querySelector("link[rel=manifest]");
    if (link && manifest) link.setAttribute("href", manifest);
  }

  // The game's own question (the confirm effect): #ask, a modal dialog in the game's look with the
  // question, a button worded for the step (yes) and Cancel, which has the focus. Only yes sends
  // `confirmed`; Cancel and Escape close it and send nothing; the focus goes back where it was.
  var asked = null; // the question open now: {answer, back (the element focused before)}

  function ask(question, yes, answer) {
    var dialog = document.getElementById(ASK);
    if (!dialog || typeof dialog.showModal !== "function") { // a browser without <dialog>: its own question
      if (window.confirm(question)) send("confirmed", { answer: answer });
      return;
    }
    byId("ask-question").textContent = question;
    byId("ask-yes").textContent = yes;
    asked = { answer: answer, back: asked ? asked.back : document.activeElement };
    dialog.returnValue = "";
    if (!dialog.open) dialog.showModal();
  }

  function asking(dialog) {
    dialog.addEventListener("click", function (dom) {
      var button = dom.target && dom.target.closest ? dom.target.closest("button") : null;
      if (button && (button.id === "ask-yes" || button.id === "ask-no")) dialog.close(button.id === "ask-yes" ? "yes" : "");
    });
    dialog.addEventListener("close", function () { // after a button, or Escape (the dialog's cancel)
      var was = asked;
      asked = null;
      if (!was) return;
      if (was.back && was.back.isConnected && typeof was.back.focus === "function") was.back.focus({ preventScroll: true });
      if (dialog.returnValue === "yes") send("confirmed", { answer: was.answer });
    });
  }

  // Send a link or a text the person chose to send: the system's share sheet where the browser has
  // one (the Web Share API), the clipboard otherwise; Python hears how it went (`shared`) and words it.
  function share(title, text, url) {
    var data = { title: title };
    if (text) data.text = text;
    if (url) data.url = url;
    var whole = [text, url].filter(Boolean).join("\n");
    function copy() {
      var clipboard = navigator.clipboard;
      if (!clipboard || typeof clipboard.writeText !== "function") return Promise.resolve("failed");
      return clipboard.writeText(whole).then(function () { return "copied"; }, function () { return "failed"; });
    }
    var native = typeof navigator.share === "function" && (typeof navigator.canShare !== "function" || navigator.canShare(data));
    var done = native ? navigator.share(data).then(function () { return "shared"; }, function (error) {
      return error && error.name === "AbortError" ? "cancelled" : copy();
    }) : copy();
    working(done.then(function (how) { send("shared", { how: how }); }));
  }

  // Open (showModal) or close one of the page's dialogs other than #ask (which its own effect opens).
  function dialog(id, open) {
    var element = byId(id);
    if (!element || typeof element.showModal !== "function") return;
    if (open && !element.open) element.showModal();
    else if (!open && element.open) element.close();
  }

  var EFFECTS = {
    share: share,
    dialog: dialog,
    apply: function (ops, motion) {
      apply(ops, motion || null);
    },
    store: function (key, value) {
      var local = storage("localStorage");
      try {
        local.setItem(key, value);
      } catch (error) {
        try {
          if (!table.drop()) throw error; // the kept table makes room first: it is only a picture
          local.setItem(key, value);
        } catch (again) {
          send("refused", { key: key }); // full, or refused: Python says what it means
        }
      }
    },
    keep: function (stamp, status) {
      kept = { stamp: String(stamp || ""), status: String(status || "") };
    },
    remove: function (key) {
      try {
        storage("localStorage").removeItem(key);
      } catch (error) { /* storage refused: there is nothing to remove */ }
    },
    flag: function (key, on) {
      try {
        if (on) storage("sessionStorage").setItem(key, "1");
        else storage("sessionStorage").removeItem(key);
      } catch (error) { /* a flag only improves a message */ }
    },
    tick: function (token, ms) {
      setTimeout(function () { send("tick", { token: token }); }, ms);
    },
    play: play,
    vibrate: function (ms) {
      if (soundOn() && typeof navigator.vibrate === "function") navigator.vibrate(ms);
    },
    download: download,
    focus: function (id) {
      var element = byId(id);
      element.focus();
      if (element.readOnly && typeof element.select === "function") element.select(); // a link to copy by hand
    },
    offerFocus: offerFocus,
    moveFocus: moveFocus,
    fetch: function (name, path) {
      working(fetch(new URL(path, document.baseURI).href, { credentials: "same-origin" }).then(function (response) {
        if (!response.ok) throw new Error(path + ": HTTP " + response.status);
        return response.arrayBuffer();
      }).then(function (body) {
        send("fetched", { name: name, ok: true }, new Uint8Array(body));
      }, function (error) {
        console.info("fetch: " + message(error)); // offline, say: Python words it
        send("fetched", { name: name, ok: false });
      }));
    },
    confirm: ask,
    persisted: function () {
      var store = navigator.storage;
      var asked = store && store.persisted ? store.persisted() : Promise.resolve(null);
      working(Promise.resolve(asked).then(function (persisted) {
        send("persisted", { persisted: typeof persisted === "boolean" ? persisted : null });
      }, function () {
        send("persisted", { persisted: null });
      }));
    },
    language: language,
    dropQuery: function () {
      window.history.replaceState(null, "", window.location.pathname); // a reload never repeats a link
    },
    // Python is ready: the form's "Starting…" goes, <html data-python> says how it started (when
    // it does) and data-ready="true" (what tests and offline.js wait for), and the "yacht:ready" mark.
    ready: function (python, stamp) {
      var loading = document.getElementById("loading");
      if (loading) loading.hidden = true;
      kept = { stamp: String(stamp || ""), status: "" }; // the start's own status line is on the page
      if (python) root.dataset.python = python;
      root.dataset.ready = "true";
      performance.mark("yacht:ready");
    },
    console: function (level, text) {
      (typeof console[level] === "function" ? console[level] : console.log).call(console, text);
    },
  };

  // ------------------------------------------------------------------ what a person does

  function reducedMotion() {
    try {
      return Boolean(window.matchMedia && window.matchMedia(REDUCED_MOTION).matches);
    } catch (error) {
      return false;
    }
  }

  var body = document.body;
  if (document.getElementById(ASK)) asking(document.getElementById(ASK));

  // A click at or inside a button or a scorecard cell, named by its id and data-* values; one
  // with neither means nothing to Python.
  body.addEventListener("click", function (dom) {
    var found = dom.target && dom.target.closest ? dom.target.closest("button, td[data-row]") : null;
    if (!found || found.closest("#" + ASK)) return; // the question's buttons are the page's own (asking)
    var data = Object.assign({}, found.dataset);
    if (!found.id && !Object.keys(data).length) return;
    send("click", { id: found.id || "", data: data, form: setupFields() });
  });

  // The setup form's Start: its own submission (a page load) is prevented at once, always.
  body.addEventListener("submit", function (dom) {
    if (!dom.target || dom.target.id !== SETUP_FORM) return;
    dom.preventDefault();
    send("submit", { form: setupFields() });
  });

  body.addEventListener("change", function (dom) {
    var target = dom.target;
    if (!target) return;
    if (target.id === BACKUP_INPUT) {
      var file = target.files && target.files[0];
      if (!file) return;
      // Read, then sent; the input is cleared after, so the same file can be chosen again.
      working(file.text().then(function (text) {
        send("file", { size: file.size, text: text });
      }).then(function () { target.value = ""; }, function (error) {
        target.value = "";
        throw error;
      }));
    } else if (CHANGES.indexOf(target.id) !== -1) {
      send("change", { id: target.id, value: String(target.value), checked: Boolean(target.checked), form: setupFields() });
    } else if (target.form && target.form.id === SETUP_FORM) {
      send("change", { id: SETUP_FORM, form: setupFields() }); // the lobby's lines follow the form (who you play)
    }
  });

  body.addEventListener("keydown", function (dom) {
    var target = dom.target && dom.target.closest ? dom.target : null;
    if (target && target.closest("#" + ASK + ", dialog[open]")) return; // a key in a dialog is the dialog's (Escape closes it)
    var choice = Boolean(target && target.closest("button.choice"));
    if (choice && !dom.altKey && CHOICE_KEYS.indexOf(dom.key) !== -1) dom.preventDefault();
    send("key", {
      key: dom.key, ctrl: Boolean(dom.ctrlKey || dom.metaKey), alt: Boolean(dom.altKey),
      typing: Boolean(target && target.closest(TYPING)), choice: choice,
    });
  });

  // A tap begins before its click: the audio context is made now, in the person's gesture, and
  // not in the roll's frame (no event: Python has nothing to decide).
  body.addEventListener("pointerdown", function () {
    if (soundOn()) wakeAudio(audio ? audio.output.gain.value : MASTER_GAIN);
  });

  window.addEventListener("storage", function (dom) {
    send("storage", { key: dom.key, value: dom.newValue });
  });

  document.addEventListener("visibilitychange", function () {
    send("visibility", { hidden: document.hidden });
  });

  try {
    var motion = window.matchMedia(REDUCED_MOTION);
    var onMotion = function () { send("motion", { reduced: motion.matches }); };
    if (motion.addEventListener) motion.addEventListener("change", onMotion);
    else motion.addListener(onMotion); // Safari before 14
  } catch (error) { /* no media queries: motion is never reduced */ }

  // ------------------------------------------------------------------ the worker

  // A fresh random id for this phone (game.core.marks: 6 URL-safe base64 characters), sent with every start;
  // Python keeps the first it takes (yacht-dice/phone) and ignores later ones. Only the page draws randomness:
  // "" where the browser has no crypto (the phone's turns then leave no mark).
  var ID_CHARS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
  function entropy() {
    try {
      var bytes = new Uint8Array(6);
      window.crypto.getRandomValues(bytes);
      return Array.from(bytes, function (byte) { return ID_CHARS[byte & 63]; }).join("");
    } catch (error) {
      return "";
    }
  }

  // The start event: what the page holds when Python is there (docs/protocol.md). python stays
  // "" here: how Python started is known in the worker, which says it in its ready effect.
  function startEvent() {
    var stored = {};
    var keys = STORED_KEYS.slice();
    try {
      var local = storage("localStorage");
      for (var i = 0; i < local.length; i++) {
        var key = local.key(i);
        if (typeof key === "string" && key.indexOf(KEPT_PREFIX) === 0 && keys.indexOf(key) < 0) keys.push(key);
      }
    } catch (error) { /* storage refused: nothing is kept aside here */ }
    keys.forEach(function (key) { stored[key] = storedValue(key); });
    var unsaved = false;
    try {
      unsaved = storage("sessionStorage").getItem(UNSAVED_KEY) === "1";
    } catch (error) { /* storage refused: nothing was lost here */ }
    return event("start", {
      stored: stored, unsaved: unsaved,
      query: Array.from(new URLSearchParams(window.location.search)),
      languages: Array.from(navigator.languages || [navigator.language || ""]),
      form: setupFields(), hidden: document.hidden, reduced: reducedMotion(), python: "", msgids: msgids(),
      address: window.location.origin + window.location.pathname, entropy: entropy(),
    });
  }

  // game.mjs hands over the worker's handle: the start goes first, then what waited for it.
  function connect(worker) {
    if (handle || stopped) return;
    handle = worker;
    queue.unshift({ event: startEvent(), payload: null });
    hold();
    pump();
  }

  // No Python will come (boot.js says why): nothing waits for answers that will not come, and no stale
  // table is left painted (the page as it came, with boot.js's words).
  function stop() {
    stopped = true;
    table.woke();
    queue.splice(0).forEach(release);
  }

  // The worker could not start (python: it started but its Python did not answer the start):
  // stop, with boot.js's words on the page (a Python error's traceback stays in the console).
  function failed(error, python) {
    var text = message(error);
    console.error("The game's Python could not start: " + text);
    stop();
    var boot = window.yachtBoot;
    if (!boot) return;
    boot.fail(python || /PythonError|Traceback/.test(text) ? boot.word("python_error") : text || boot.word("unknown"));
  }

  // A promise kept once every event so far has been answered and its effects carried out, the
  // queued ones included (and a file read or fetch that will send one): no timer and no frame, so
  // a tab in the background, whose timers are slowed, waits no longer. A timer's tick counts from
  // when it fires.
  function answered() {
    return busy ? new Promise(function (resolve) { waiting.push(resolve); }) : Promise.resolve();
  }

  window.yachtPage = { connect: connect, failed: failed, stop: stop, answered: answered };
}());
