// Service worker: precache every file the game needs and serve it cache-first, so the game
// starts and plays with no network after one visit. tools/build.py writes the deployed copy
// to the site root (so its scope is the whole site) with the two placeholders filled in:
// the list of files and a version derived from their content hashes.
"use strict";

const VERSION = "__VERSION__";
const PRECACHE = __PRECACHE__;
const CACHE = "yacht-" + VERSION;
const SCOPE = self.registration.scope;
const INDEX = new URL("./index.html", SCOPE).href;

self.addEventListener("install", (event) => {
  // cache: "no-cache" revalidates every file with the server, so a new version never mixes in
  // stale files, while a file the page has just downloaded comes back as a cheap 304.
  event.waitUntil(
    caches.open(CACHE).then((cache) =>
      cache.addAll(PRECACHE.map((url) => new Request(url, { cache: "no-cache" })))
        .then(() => keepUsedTables(cache))
    )
  );
});

// The advisor tables a player has used (kept once fetched, below) are fetched again for the new
// version, so an update never turns exact offline hints back into estimates. Best effort: a table
// that cannot be fetched now is fetched when next needed.
function keepUsedTables(cache) {
  const precached = new Set(PRECACHE.map((url) => new URL(url, self.registration.scope).href));
  return caches.keys()
    .then((keys) => Promise.all(keys.filter((key) => key.startsWith("yacht-") && key !== CACHE)
      .map((key) => caches.open(key).then((old) => old.keys()))))
    .then((lists) => {
      const used = new Set(lists.flat().map((request) => request.url)
        .filter((url) => url.includes("/static/tables/") && !precached.has(url)));
      return Promise.all([...used].map((url) => cache.add(new Request(url, { cache: "no-cache" })).catch(() => {})));
    });
}

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches.keys()
      .then((keys) => Promise.all(
        keys.filter((key) => key.startsWith("yacht-") && key !== CACHE).map((key) => caches.delete(key))
      ))
      .then(() => self.clients.claim())
  );
});

self.addEventListener("message", (event) => {
  if (event.data === "skip-waiting") self.skipWaiting();
  if (event.data === "version" && event.source) event.source.postMessage({ version: VERSION });
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.mode === "navigate") {
    const path = url.origin + url.pathname;
    if (path === SCOPE || path === INDEX) {
      // The game's own page (including ?rules=… links) opens from the cache, online or not.
      event.respondWith(
        caches.open(CACHE)
          .then((cache) => cache.match(INDEX))
          .then((hit) => hit || fetch(request))
      );
    } else {
      // Never the game's page elsewhere: its relative links would miss and it would never start.
      // A real file the host has opens as itself; anything else gets a plain "not found" page.
      // Offline, a file the game holds (an icon, a table) opens from the cache.
      const held = () => caches.open(CACHE).then((cache) => cache.match(request, { ignoreSearch: true }))
        .then((hit) => hit || notFound());
      event.respondWith(
        fetch(request)
          .then((response) => response.ok || response.type === "opaqueredirect" ? response : notFound())
          .catch(held)
      );
    }
    return;
  }
  // Cache first; a file not precached (an optional advisor table) is kept once fetched.
  event.respondWith(
    caches.open(CACHE).then((cache) =>
      cache.match(request, { ignoreSearch: true }).then((hit) => hit || fetch(request).then((response) => {
        if (response.ok && url.pathname.includes("/static/tables/")) cache.put(request, response.clone());
        return response;
      }))
    )
  );
});


// Built here so it shows offline too; the CSP lets nothing but the link do anything.
function notFound() {
  const game = SCOPE.replace(/&/g, "&amp;");
  const page = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'">
<title>Not found · Yacht Dice</title>
</head>
<body>
<h1>Page not found</h1>
<p>Nothing is at this address, or it cannot be opened offline. <a href="${game}">Open the game</a></p>
</body>
</html>
`;
  return new Response(page, { status: 404, headers: { "Content-Type": "text/html; charset=utf-8" } });
}
