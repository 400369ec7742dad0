// Starts Python in a PyScript worker, on every host, and hands its one function to the page
// (static/js/page.js: docs/protocol.md). The worker never reaches the page and needs no
// SharedArrayBuffer, so nothing differs between a host that sends COOP and COEP and one that does
// not: the page calls handle(event_json, payload) and gets the effects back as JSON.
//
// The worker runs WORKER_CODE below (from a blob: URL, which the page's CSP allows in worker-src and
// connect-src: PyScript fetches the code it is given). Its interpreter module is
// static/js/python.mjs (PyScript's `version`: an interpreter module's URL), which restores the
// build's snapshot of Python and writes the game's files. Its config is this element's `config`
// attribute: in the source tree "./pyscript.toml" (read against the page), in the built site the
// same config inlined as JSON by tools/build.py.
import { PyWorker } from "../vendor/pyscript/core.js";

const WORKER_CODE = 'from game.shell import handle\n__export__ = ["handle"]\n';
const CONFIG = "script[data-python-config]";

// The config as PyWorker takes it: an object (JSON inlined by the build), or a file's address.
function config() {
  const value = document.querySelector(CONFIG)?.getAttribute("config")?.trim() || "./pyscript.toml";
  return value.startsWith("{") ? JSON.parse(value) : new URL(value, document.baseURI).href;
}

// Once the page has painted (the runtime's megabytes must not hold up the form on a slow line),
// or at once in a tab behind, which paints nothing until shown, or where a kept table is painted
// (static/js/table.js: a later launch, whose runtime this browser holds).
const painted = () => new Promise((resolve) => {
  if (document.hidden || document.documentElement.dataset.waking) resolve();
  else requestAnimationFrame(() => setTimeout(resolve, 0));
});

// The channel Python's worker tells the loading's progress on (python.mjs), which boot.js listens
// to: random, so that two tabs loading at once do not hear each other. The worker learns it from
// its interpreter module's address, as the fragment (never sent, so caches see the same file;
// PyScript passes no worker name on).
const CHANNEL = `yacht-boot:${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;

async function start() {
  window.yachtBoot?.listen(CHANNEL);
  await painted();
  const code = URL.createObjectURL(new Blob([WORKER_CODE], { type: "text/x-python" }));
  const version = `${new URL("./python.mjs", import.meta.url).href}#${CHANNEL}`;
  performance.mark("yacht:worker"); // the launch's steps, for bench.launch_steps
  const worker = await PyWorker(code, { config: config(), version });
  performance.mark("yacht:worker-ready");
  URL.revokeObjectURL(code); // fetched by now: PyWorker resolves once the code has run
  // Every name in __export__ is on worker.sync: a call is a message to the worker, its answer a promise.
  return (...args) => worker.sync.handle(...args);
}

start().then(
  (handle) => window.yachtPage.connect(handle),
  (error) => window.yachtPage.failed(error),
);
