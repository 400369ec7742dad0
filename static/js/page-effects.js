// The effect table (part of the page: see page-parts.js): each answer of Python's is a list of effects
// (docs/protocol.md's Effects), carried out here in order; the ones of a concern of their own are another
// part's (storage, sound, patch), the rest are here: dialogs, the question, sharing, downloads, fetches,
// the language, the kept table's stamp and Python's ready.
(function () {
  "use strict";
  var parts = window.yachtPageParts;
  var queue = parts.queue;
  var send = queue.send;
  var working = queue.working;
  var byId = parts.byId;
  var message = parts.message;
  var ASK = "ask"; // the game's own question (index.html's <dialog>), the confirm effect's
  var root = document.documentElement;
  // static/js/table.js, which runs before this: the kept table painted before Python, and the page's fixed texts.
  var table = window.yachtTable;

  // A file to save (a backup): a link to its bytes, clicked.
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
      var back = was.back;
      // an action of the header's menu, folded again by that choice: back to Menu, which showed it
      if (back && back.isConnected && back.closest && back.closest("#menu") && !back.getClientRects().length) back = document.getElementById("menu-button");
      if (back && back.isConnected && typeof back.focus === "function") back.focus({ preventScroll: true });
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
      parts.patch.apply(ops, motion || null);
    },
    store: function (key, value) {
      if (!parts.storage.store(key, value)) send("refused", { key: key }); // full, or refused: Python says what it means
    },
    keep: function (stamp, status) {
      kept = { stamp: String(stamp || ""), status: String(status || "") };
    },
    remove: parts.storage.remove,
    flag: parts.storage.flag,
    tick: function (token, ms) {
      setTimeout(function () { send("tick", { token: token }); }, ms);
    },
    play: parts.sound.play,
    vibrate: parts.sound.vibrate,
    download: download,
    focus: function (id) {
      var element = byId(id);
      element.focus();
      if (element.readOnly && typeof element.select === "function") element.select(); // a link to copy by hand
    },
    offerFocus: parts.patch.offerFocus,
    moveFocus: parts.patch.moveFocus,
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

  if (document.getElementById(ASK)) asking(document.getElementById(ASK));

  parts.effects = { ASK: ASK, carryOut: carryOut };
}());
