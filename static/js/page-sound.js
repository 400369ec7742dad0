// Sound and vibration (part of the page: see page-parts.js): a recipe's tones on Web Audio (game/present/
// sounds.py writes the recipes), the play and vibrate effects, only where Sound is on. A sound never stops
// play: a failure is a warning.
(function () {
  "use strict";
  var parts = window.yachtPageParts;
  var MASTER_GAIN = 0.5; // game/app/sounds.py's MASTER_GAIN, until a recipe brings its own (masterGain)
  var SILENT = 0.0001; // the gain a tone rises from and decays to (an exponential ramp cannot reach 0)
  var root = document.documentElement;

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
      console.warn("sound: off for this visit: " + parts.message(error));
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
          console.warn("sound: " + parts.message(error));
        }
      }, 0);
    });
  }

  // The vibrate effect: the phone buzzes where Sound is on and it can.
  function vibrate(ms) {
    if (soundOn() && typeof navigator.vibrate === "function") navigator.vibrate(ms);
  }

  // A tap begins before its click: the audio context is made now, in the person's gesture, and
  // not in the roll's frame (no event: Python has nothing to decide).
  document.body.addEventListener("pointerdown", function () {
    if (soundOn()) wakeAudio(audio ? audio.output.gain.value : MASTER_GAIN);
  });

  parts.sound = { play: play, vibrate: vibrate };
}());
