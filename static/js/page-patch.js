// The page's elements (part of the page: see page-parts.js): a draw's ops put on the page (the apply
// effect), the setup form's fields and the parts its choices show, and the focus for keyboard play.
(function () {
  "use strict";
  var parts = window.yachtPageParts;
  var SETUP_FORM = "setup-form";

  // A thrown die: its body flies in along its own flight (the op's toss: game/present/feel.py's throw, ending in the
  // pose app.css keeps it in) or the shared one (frames.toss), and its strip of faces tumbles (feel.py's keyframes:
  // {toss, motion, flick, flickMotion}).
  var flying = []; // the animations of the throw on the table now (finished at once by a tap or R)

  function toss(button, frames, flight) {
    var body = button.firstElementChild;
    if (!body || !body.animate) return;
    flying = flying.filter(function (animation) { return animation.playState === "running"; });
    flying.push(body.animate(Array.isArray(flight) ? flight : frames.toss, frames.motion));
    if (body.firstElementChild) flying.push(body.firstElementChild.animate(frames.flick, frames.flickMotion));
  }

  // A tap or R while dice are in the air lands them at once, where they were going (the faces are already the
  // roll's: only the picture waits); the tap or key then does what it does (a die held, a box scored, R's next
  // roll thrown), on the landed dice.
  function landNow() {
    var running = flying.filter(function (animation) { return animation.playState === "running"; });
    flying = [];
    running.forEach(function (animation) { animation.finish(); });
  }
  window.addEventListener("pointerdown", landNow, true);
  window.addEventListener("keydown", function (event) {
    if ((event.key === "r" || event.key === "R") && !event.altKey && !event.ctrlKey && !event.metaKey) landNow();
  }, true);

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

  // Show the parts of a form that its choices call for, as game/present/forms.py marks them: an element
  // with data-show-if (a field's name) is shown where that field holds data-equals, or a number at least
  // data-at-least (the options of the chosen rule set, as many seat rows as players). One whose field the
  // form lacks is left as it is.
  function syncForm(form) {
    if (!form) return;
    var fields = formFields(form);
    form.querySelectorAll("[data-show-if]").forEach(function (element) {
      var rule = element.dataset;
      if (!Object.prototype.hasOwnProperty.call(fields, rule.showIf)) return;
      var value = fields[rule.showIf];
      element.hidden = "equals" in rule ? value !== rule.equals : !(parseInt(value, 10) >= parseInt(rule.atLeast, 10));
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
  // syncForm), toss (the die tumbles: along its own keyframes when it is a list, else frames'), scroll (scrollIntoView, with its
  // options when it is an object). optional: a missing element is passed over.
  function change(where, changes, frames) {
    var element = parts.find(where);
    if (element && "outer" in changes) {
      element.outerHTML = changes.outer;
      element = parts.find(where);
    }
    if (!element) {
      if (changes.optional) return;
      throw new Error("no element " + JSON.stringify(where) + " on the page");
    }
    if ("html" in changes) {
      // A disclosure the person opened (the hint's Why?) stays open when its element is drawn anew (by class).
      var opened = [].map.call(element.querySelectorAll("details[open][class]"), function (d) { return d.classList[0]; });
      element.innerHTML = changes.html;
      opened.forEach(function (name) {
        var again = element.querySelector("details." + name);
        if (again) again.open = true;
      });
    }
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
    if (changes.toss && frames) toss(element, frames, changes.toss);
    if (changes.scroll) element.scrollIntoView(typeof changes.scroll === "object" ? changes.scroll : undefined);
  }

  // A draw: [[where, changes], ...] in order. An op that fails is a warning and the draw goes on:
  // the rest of the page stays right.
  function apply(ops, frames) {
    ops.forEach(function (op) {
      try {
        change(op[0], op[1], frames);
      } catch (error) {
        console.warn("apply: " + parts.message(error));
      }
    });
  }

  // Focus a control for keyboard play, without scrolling and never away from a field in use
  // (Python may become ready while someone on a slow phone is typing a name in the form).
  function offerFocus(id) {
    var active = document.activeElement;
    if (active && /^(INPUT|SELECT|TEXTAREA)$/.test(active.tagName)) return;
    parts.byId(id).focus({ preventScroll: true });
  }

  // Move the focus to the next (step 1) or previous (-1) of the elements matching selector, round
  // the end, from the one focused now (from none: the first, or the last going back); "first" and
  // "last" go there wherever the focus is.
  function moveFocus(selector, step) {
    var all = Array.prototype.slice.call(document.querySelectorAll(selector));
    if (!all.length) return;
    var position = all.indexOf(document.activeElement);
    if (step === "first" || step === "last") position = step === "first" ? 0 : all.length - 1;
    else if (position === -1) position = step < 0 ? all.length - 1 : 0;
    else position = (position + step + all.length) % all.length;
    all[position].focus();
  }

  parts.patch = {
    SETUP_FORM: SETUP_FORM, setupFields: setupFields, apply: apply, offerFocus: offerFocus, moveFocus: moveFocus,
  };
}());
