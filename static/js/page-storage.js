// Storage, which may refuse (part of the page: see page-parts.js): what the start event reads, and the
// store, remove and flag effects. Nothing here ever throws for storage.
(function () {
  "use strict";
  var parts = window.yachtPageParts;

  // What the start event reads (docs/protocol.md: STORED_KEYS in localStorage, the flag in
  // sessionStorage that this tab's last save failed).
  var STORED_KEYS = [
    "yacht-dice/match", "yacht-dice/setup", "yacht-dice/history",
    "yacht-dice/hints", "yacht-dice/unreadable-save", "yacht-dice/language", "yacht-dice/challenge",
    "yacht-dice/shared", "yacht-dice/shared-seen", "yacht-dice/phone", "yacht-dice/hints-by-name",
    "yacht-dice/trainer", "yacht-dice/pace",
  ];
  var KEPT_PREFIX = "yacht-dice/unreadable-"; // copies kept aside, each under a key of its own: all are read
  var UNSAVED_KEY = "yacht-dice/unsaved";

  // localStorage or sessionStorage, or null where the browser refuses storage (even reading
  // window.localStorage throws there).
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

  // The start event's stored and unsaved: every STORED_KEYS value (null where absent) and every copy kept
  // aside, and whether this tab's last save failed.
  function startValues() {
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
    return { stored: stored, unsaved: unsaved };
  }

  // A value into localStorage: true once written, false where storage is full or refused (after the kept
  // table, only a picture, has made room where it could: static/js/table.js).
  function store(key, value) {
    var local = storage("localStorage");
    try {
      local.setItem(key, value);
      return true;
    } catch (error) {
      try {
        if (!window.yachtTable.drop()) return false;
        local.setItem(key, value);
        return true;
      } catch (again) {
        return false;
      }
    }
  }

  function remove(key) {
    try {
      storage("localStorage").removeItem(key);
    } catch (error) { /* storage refused: there is nothing to remove */ }
  }

  function flag(key, on) {
    try {
      if (on) storage("sessionStorage").setItem(key, "1");
      else storage("sessionStorage").removeItem(key);
    } catch (error) { /* a flag only improves a message */ }
  }

  parts.storage = { startValues: startValues, store: store, remove: remove, flag: flag };
}());
