// The interpreter module of the game's PyScript worker (static/js/game.mjs passes its URL as
// PyScript's `version`; pyscript.toml's `interpreter` names it too): Pyodide's own loadPyodide,
// restoring the memory snapshot that tools/build.py made (tools/snapshot.py) instead of starting
// Python from scratch. The build writes the snapshot's name into BUILT. Without it, or if the
// snapshot cannot be used for any reason, Python starts the normal way: a snapshot only ever makes
// the start faster, never breaks it. On a slow or data-saving line (where the browser says so) the
// snapshot is used only when this browser already holds it: its 3.5 MB take longer to download
// there than Python takes to start without it; where the browser does not say, a first visit
// watches its pace and gives it up if it would come too late (Pace). The service worker,
// installed once the game is ready, keeps it for the next launch.
//
// It runs only in the worker, on every host: the page's thread never runs Python (the worker
// starts once the page has painted, so the runtime's downloads never hold up the form). How Python
// started is left in the worker's globalThis.yachtPython ("snapshot" or "started"), which the
// game's Python reads (`js.yachtPython`) and hands to the page in its ready effect, as
// <html data-python>. Imported where there is a document, it fetches nothing.
import { loadPyodide as startPyodide, version } from "../vendor/pyodide/pyodide.mjs";

export { version };

const INDEX_URL = new URL("../vendor/pyodide/", import.meta.url).href;
const HOME = "/home/pyodide"; // where PyScript writes Python files (the worker's working folder)

// The start's files, by name, relative to this module (their names carry a hash): written by
// tools/build.py; none in the source tree, where Python starts the normal way.
const BUILT = {};

const MAGIC = [0x59, 0x53, 0x4e, 0x41, 0x50, 0x00, 0x02, 0x00]; // "YSNAP\0\2\0", as tools/snapshot.py (its version 2)
const [CARRIED, INITIAL, DELTA] = [0, 1, 2]; // where a run's bytes come from, as tools/snapshot.py

// The snapshot's pages as they arrive: gunzipped when gzip-packed (the file itself); as they are
// when the host sent its Brotli copy (the browser has decoded it; it starts with MAGIC).
async function pages(body) {
  const source = body.getReader();
  const first = await source.read();
  const head = first.done ? new Uint8Array(0) : first.value;
  const stream = new ReadableStream({
    start(controller) { if (head.length) controller.enqueue(head); },
    async pull(controller) {
      const { value, done } = await source.read();
      if (done) controller.close(); else controller.enqueue(value);
    },
    cancel(reason) { return source.cancel(reason); },
  });
  const gzipped = head[0] === 0x1f && head[1] === 0x8b;
  return (gzipped ? stream.pipeThrough(new DecompressionStream("gzip")) : stream).getReader();
}

// A snapshot's memory once unpacked, but for the runs read against Pyodide's module as freshly
// instantiated (its data segments, 3 MB of the memory): the INITIAL ones, pages that still read as
// the module has them, which the file leaves out, and the DELTA ones, pages that start-up changed
// in places, which the file carries XORed with them. `fill` completes both from that module's memory
// (see watchInstantiation). Until then the memory's first 4 bytes (Pyodide's own magic number) are
// held back here: a memory whose runs were never filled is refused by Pyodide's restore ("invalid
// magic number"), and Python starts afresh instead of from a memory with holes in it.
class Unpacked {
  constructor(memory, base, runs) {
    [this.memory, this.base, this.runs] = [memory, base, runs];
    this.held = runs.length ? memory.slice(0, 4) : null;
    if (this.held) memory.fill(0, 0, 4);
  }

  get filled() {
    return this.held === null;
  }

  // The runs, from the heap of Pyodide's module as instantiation left it (heap address 0 is at
  // offset `base` of the memory, after Pyodide's header).
  fill(heap) {
    const started = performance.now();
    const memory = this.memory;
    for (const [offset, length, source] of this.runs) {
      const from = offset - this.base;
      if (from + length > heap.length) throw new Error("a run of the snapshot lies outside the module's initial memory");
      if (source === INITIAL) memory.set(heap.subarray(from, from + length), offset);
      else for (let i = 0; i < length; i++) memory[offset + i] ^= heap[from + i]; // DELTA: 0.4 MB
    }
    memory.set(this.held, 0);
    this.held = null;
    performance.measure("python:snapshot-initial", { start: started });
  }
}

// The memory tools/snapshot.py packed: unpacked as it downloads, copying each run of non-zero
// pages straight into place (no second copy of the 11 MB of runs). A pace, when given, hears how
// much of it has come, and so does the loading's progress (the page's bar).
async function unpack(response, pace = null) {
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  const started = performance.now();
  const reader = await pages(response.body);
  let chunk = new Uint8Array(0);
  let used = 0;
  let [received, expected] = [0, 0];
  const fill = async (target) => {
    for (let filled = 0; filled < target.length;) {
      if (used === chunk.length) {
        const { value, done } = await reader.read();
        if (done) throw new Error("the snapshot is cut short");
        [chunk, used] = [value, 0];
        received += value.length;
        pace?.heard(received, expected);
        progress.heard(response.url, received, expected);
      }
      const n = Math.min(target.length - filled, chunk.length - used);
      target.set(chunk.subarray(used, used + n), filled);
      filled += n;
      used += n;
    }
  };
  const header = new Uint8Array(20);
  await fill(header);
  if (MAGIC.some((byte, i) => header[i] !== byte)) throw new Error("not a packed snapshot");
  const view = new DataView(header.buffer);
  const [total, count, base] = [view.getUint32(8, true), view.getUint32(12, true), view.getUint32(16, true)];
  const table = new Uint8Array(12 * count);
  await fill(table);
  const runs = new DataView(table.buffer);
  const run = (i) => [runs.getUint32(12 * i, true), runs.getUint32(12 * i + 4, true), runs.getUint32(12 * i + 8, true)];
  expected = header.length + table.length;
  for (let i = 0; i < count; i++) if (run(i)[2] !== INITIAL) expected += run(i)[1];
  pace?.heard(received, expected);
  progress.heard(response.url, received, expected);
  const memory = new Uint8Array(total);
  const initial = []; // the runs read against the module's initial memory
  for (let i = 0; i < count; i++) {
    const [offset, length, source] = run(i);
    if (offset + length > total) throw new Error("a run of the snapshot lies outside its memory");
    if (source !== CARRIED && source !== INITIAL && source !== DELTA) throw new Error(`a run of the snapshot has an unknown source (${source})`);
    if (source !== CARRIED && offset < base) throw new Error("a run of initial memory lies before the heap");
    if (source !== INITIAL) await fill(memory.subarray(offset, offset + length));
    if (source !== CARRIED) initial.push([offset, length, source]);
  }
  if (used !== chunk.length || !(await reader.read()).done) throw new Error("the snapshot has bytes after its last run");
  progress.done(response.url);
  performance.measure("python:snapshot-unpack", { start: started });
  return new Unpacked(memory, base, initial);
}

// Pyodide's module, watched as it is instantiated while a snapshot is restored: the snapshot's
// INITIAL and DELTA runs are read against its memory once instantiation has written the data
// segments there, before anything has run in it (the module has no start function) and before
// Pyodide restores the snapshot, which it does after instantiating (pyodide.mjs: instantiateStreaming,
// or instantiate where it has the bytes; both are wrapped, and given back by `stop`). Only an
// instance with Pyodide's core that exports its memory is taken, the first. `problem` says why the
// runs were not filled, if they were not.
function watchInstantiation(unpacking) {
  const watch = { problem: null, stop: () => {} };
  let unpacked = null;
  unpacking.then((value) => { unpacked = value; }, () => {}); // settled long before Pyodide instantiates: it awaits the snapshot first
  const take = (result) => {
    const instance = result instanceof WebAssembly.Instance ? result : result && result.instance;
    const exports = (instance && instance.exports) || {};
    if (!unpacked || unpacked.filled || !(exports.memory instanceof WebAssembly.Memory)
      || typeof exports.PyInit__pyodide_core !== "function") return result;
    performance.mark("python:instantiated");
    try {
      unpacked.fill(new Uint8Array(exports.memory.buffer));
    } catch (error) {
      watch.problem = error && error.message ? error.message : String(error);
    }
    return result;
  };
  const wrapped = [];
  for (const name of ["instantiate", "instantiateStreaming"]) {
    const plain = WebAssembly[name];
    if (typeof plain !== "function") continue;
    const wrapper = function (...args) { return plain.apply(WebAssembly, args).then(take); };
    WebAssembly[name] = wrapper;
    wrapped.push([name, plain, wrapper]);
  }
  watch.stop = () => {
    for (const [name, plain, wrapper] of wrapped) if (WebAssembly[name] === wrapper) WebAssembly[name] = plain;
    if (unpacked && !unpacked.filled && !watch.problem) watch.problem = "Pyodide's module was not seen as it was instantiated";
  };
  return watch;
}

// Lines the browser rates this slow (Network Information API, Chromium's only; elsewhere the
// snapshot's pace decides, see Pace): the snapshot's download would cost more than the start it saves. Only the
// rating and the data-saver switch are read: `downlink` is a guess of 1.5 Mbps until the browser
// has measured traffic (seen in Chromium 156), which would wrongly mark every first visit slow.
const SLOW_LINES = new Set(["slow-2g", "2g", "3g"]);

function slowLine() {
  const line = typeof navigator === "object" && navigator.connection;
  return Boolean(line && (line.saveData || SLOW_LINES.has(line.effectiveType)));
}

// Elsewhere (Safari and Firefox never rate a line) the first visit's snapshot is watched as it
// downloads, before Python's own downloads start, and given up where it would not pay: kept if
// the rest will come within SNAPSHOT_PAYS_WITHIN_MS at its pace, judged as soon as that is sure or
// SNAPSHOT_WATCHED_MS after its first bytes. A start without the snapshot takes about 2 s longer
// here (bench.first_visit) and longer on a phone; watching costs a slow line what it brings in
// that time (0.49 MB of snapshot at 1 MB/s, measured), and a line that sends nothing for
// SNAPSHOT_PAYS_WITHIN_MS gets no longer.
const SNAPSHOT_PAYS_WITHIN_MS = 3000;
const SNAPSHOT_WATCHED_MS = 600;
// A pace is trusted only once it has been watched this long (or the snapshot has all come): Chromium's
// emulated lines let the first bytes through in a burst, and at 0.25 MB/s the first 0.12 s of a download
// that had the line to itself were measured as fast as 1 MB/s (a real line's slow start errs the other way).
const SNAPSHOT_PACE_MIN_MS = 300;

// A download's pace, told how much of it has come (`heard`): `verdict` settles true once the
// rest will come within SNAPSHOT_PAYS_WITHIN_MS at the pace since its first bytes (their wait is
// the line's latency, not its speed), watched SNAPSHOT_PACE_MIN_MS at least unless all has come,
// false if that is still not so SNAPSHOT_WATCHED_MS after them.
// e.g. 3 MB of 15 heard 300 ms after the first bytes: the rest in 1.2 s, true.
class Pace {
  constructor() {
    [this.first, this.since, this.received, this.expected] = [0, 0, 0, 0];
    this.verdict = new Promise((resolve) => { this.settle = resolve; });
    setTimeout(() => { if (!this.first) this.settle(false); }, SNAPSHOT_PAYS_WITHIN_MS);
  }

  pays() {
    if (!this.expected) return false;
    if (this.received >= this.expected) return true;
    const [spent, counted] = [performance.now() - this.since, this.received - this.first];
    return counted > 0 && ((this.expected - this.received) * spent) / counted <= SNAPSHOT_PAYS_WITHIN_MS;
  }

  heard(received, expected) {
    if (!this.first) { // the first bytes start the clock
      [this.first, this.since] = [received, performance.now()];
      setTimeout(() => this.settle(this.pays()), SNAPSHOT_WATCHED_MS);
    }
    [this.received, this.expected] = [received, expected];
    const whole = this.expected > 0 && this.received >= this.expected;
    if (this.pays() && (whole || performance.now() - this.since >= SNAPSHOT_PACE_MIN_MS)) this.settle(true);
  }
}

// Whether this module came from this browser's own store, so that the snapshot is held as well (or
// comes as fast) and a later launch is not held up watching its pace: from a service worker's
// cache or a fresh HTTP cache (nothing sent). The worker's request is the first for this module
// (the page must not preload it, tools/build.py): a 304 would say nothing more than a revalidation.
// Addresses are compared without their fragment (the progress channel's name, game.mjs): the
// entry is named as the worker asked, with it, while a module the service worker serves has its
// cached copy's address, without it.
function fromHere() {
  const bare = (address) => address.split("#")[0];
  const entry = performance.getEntriesByType("resource").find((e) => bare(e.name) === bare(import.meta.url));
  return Boolean(entry) && entry.transferSize === 0;
}

// The snapshot as this browser already holds it (service worker or HTTP cache), or null.
async function cachedSnapshot(url) {
  try {
    const response = await fetch(url, { cache: "only-if-cached", mode: "same-origin", credentials: "same-origin" });
    return response.ok ? response : null;
  } catch {
    return null;
  }
}

function builtUrl(name) {
  return BUILT[name] ? new URL(BUILT[name], import.meta.url).href : null;
}

function snapshotUrl() {
  return typeof DecompressionStream === "function" ? builtUrl("snapshot") : null;
}

// The standard library the game loads (tools/stdlib.py: 0.9 MB of Pyodide's 2.5 MB), which a start
// without the snapshot loads; a start from it loads only the rest, what the snapshot has not loaded
// (tools/snapshot.py's rest zip, 0.07 MB: Pyodide's own start loads most of it). Without them,
// Pyodide's own.
function withStdlib(settings, fromSnapshot = false) {
  const stdlib = (fromSnapshot && builtUrl("rest")) || builtUrl("stdlib");
  return stdlib ? { ...settings, stdLibURL: stdlib } : settings;
}

// ---------------------------------------------------------------- the loading's progress
// On a slow line the page shows how much of the start's downloads has come and then that Python is
// starting (static/js/boot.js), and calls a start stalled only when nothing has come for a while.
// This worker tells it over a BroadcastChannel named by the page: this module's address's fragment,
// which static/js/game.mjs gives it ("yacht-boot:" and a random id, so that two tabs loading at once
// do not hear each other). A message: { received, total, pending, stage } in bytes of the downloads
// so far (total 0: not known, the page shows the bytes alone), pending the downloads not yet done,
// stage "download", "python" (Python is up) or "files" (the game's files are written).
//
// Bytes are counted as they arrive through a clone of each same-origin response (the browser tees
// it natively: the original, which Pyodide compiles as it streams, is untouched and keeps its
// compiled-code cache); the snapshot, read here anyway, reports from unpack. Sizes are the files'
// decoded sizes, which the build writes into BUILT.sizes (the browser counts decoded bytes); without
// them a response's Content-Length, where the host sent it uncompressed.
const PROGRESS_EVERY_MS = 150; // a message at most this often while bytes come: a few a second

class Progress {
  constructor(name) {
    this.channel = typeof BroadcastChannel === "function" && String(name).startsWith("yacht-boot:")
      ? new BroadcastChannel(name) : null;
    this.files = new Map(); // url -> { received, total, done }
    this.stageName = "download";
    this.timer = null;
  }

  // A download expected from the start (its size known), so that the total never grows under the bar.
  expect(url, total) {
    if (this.channel && !this.files.has(url)) this.files.set(url, { received: 0, total, done: false });
  }

  heard(url, received, total = 0) {
    if (!this.channel || !url) return;
    const file = this.files.get(url) || { received: 0, total: 0, done: false };
    this.files.set(url, { ...file, received, total: file.total || total });
    this.soon();
  }

  // A download ended; one given up counts what came as all there was (the bar does not jump back).
  done(url, { given_up = false } = {}) {
    const file = this.files.get(url);
    if (!this.channel || !file || file.done) return;
    if (given_up && !file.received) this.files.delete(url); // never fetched (this start needs none of it): not counted
    else this.files.set(url, { received: file.received, total: given_up || !file.total ? file.received : file.total, done: true });
    this.post();
  }

  stage(name) {
    this.stageName = name;
    this.post();
  }

  soon() {
    if (this.timer === null) this.timer = setTimeout(() => this.post(), PROGRESS_EVERY_MS);
  }

  post() {
    if (!this.channel) return;
    clearTimeout(this.timer);
    this.timer = null;
    let [received, total, pending, known] = [0, 0, 0, true];
    for (const file of this.files.values()) {
      received += Math.min(file.received, file.total || file.received);
      total += file.total;
      pending += file.done ? 0 : 1;
      known = known && file.total > 0;
    }
    this.channel.postMessage({ received, total: known ? total : 0, pending, stage: this.stageName });
  }

  // A same-origin response's bytes, counted from a clone as they come (never the snapshot's: unpack tells).
  count(url, response) {
    if (!this.channel || !response.ok || !response.body || url === snapshotUrl()) return;
    const plain = !response.headers.get("content-encoding");
    const sent = plain ? Number(response.headers.get("content-length")) || 0 : 0;
    const file = this.files.get(url);
    this.files.set(url, { received: 0, total: file?.total || sent, done: false });
    const reader = response.clone().body.getReader();
    const read = async (received) => {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        received += value.length;
        this.heard(url, received);
      }
    };
    read(0).catch(() => {}).finally(() => this.done(url));
  }
}

const progress = new Progress(typeof document === "object" ? "" : decodeURIComponent(new URL(import.meta.url).hash.slice(1)));
for (const [path, size] of Object.entries(BUILT.sizes || {})) progress.expect(new URL(path, import.meta.url).href, size);

// The worker's fetch, counting what the start downloads (Pyodide's own requests included: it calls
// the global fetch). A request the browser answers from its own store counts too, at once.
if (progress.channel) {
  const plainFetch = globalThis.fetch;
  globalThis.fetch = function fetch(resource, init) {
    const answer = plainFetch.call(globalThis, resource, init);
    const request = resource instanceof Request ? resource : null;
    const url = new URL(request ? request.url : String(resource), import.meta.url);
    const method = String((init && init.method) || (request && request.method) || "GET").toUpperCase();
    if (url.origin !== new URL(import.meta.url).origin || method !== "GET") return answer;
    return answer.then((response) => {
      progress.count(url.href, response);
      return response;
    });
  };
}

async function writeGameFiles(pyodide) {
  const files = gameFiles();
  if (!files) return;
  const { FS } = pyodide;
  const utf8 = new TextEncoder(); // the browser's encoder: Emscripten's own for strings is a JavaScript loop
  for (const [path, text] of Object.entries(await files)) {
    const folder = path.split("/").slice(0, -1).join("/");
    if (folder) FS.mkdirTree(folder);
    FS.writeFile(path, utf8.encode(text));
  }
}

// The game package as one file (tools/build.py's bundle_game: {path: text}), for a start without the
// snapshot: fetched as soon as that is decided, beside the runtime's downloads, and written into
// Python's file system once it is up; the built config then lists no [files] for PyScript to fetch
// one by one after Python starts. A start from the snapshot needs none of it (every game module is
// imported there, the shell's compiled ahead: tools/snapshot.py) and fetches nothing: 0.2 MB less on
// a first visit, and no files to write before the game answers (a traceback then shows the game's
// lines without their text). Without a bundle (the source tree), PyScript fetches pyscript.toml's
// [files] itself. Nothing is fetched where there is a document: a page that imports this module runs
// no Python.
const filesUrl = typeof document !== "object" ? builtUrl("files") : null;
let bundle = null; // the bundle's promise, once asked for

function gameFiles() {
  if (!bundle && filesUrl) {
    bundle = fetch(filesUrl, { credentials: "same-origin" }).then((response) => {
      if (!response.ok) throw new Error(`the game's files (${filesUrl}): HTTP ${response.status}`);
      return response.json();
    });
    bundle.catch(() => {}); // a failure surfaces where start() awaits it, not as an unhandled rejection
  }
  return bundle;
}

// The snapshot as it comes, { memory, unpacked } (promises of its memory and of the Unpacked that
// holds it: an async function's result would be them, and a
// damaged snapshot's failure would surface here instead of where Pyodide awaits it), or null where
// it would not pay: on a line the browser rates slow unless it holds the snapshot, or on one whose
// pace says so (Pace).
async function chooseSnapshot(url) {
  const slow = slowLine();
  const held = slow ? await cachedSnapshot(url) : null;
  if (slow && !held) {
    console.info("A slow line: Python starts without its snapshot, which is kept for the next visit.");
    return null;
  }
  const pace = held || fromHere() ? null : new Pace();
  const stop = new AbortController();
  const request = held ? Promise.resolve(held) : fetch(url, { credentials: "same-origin", signal: stop.signal });
  const unpacked = request.then((response) => unpack(response, pace));
  const memory = unpacked.then((snapshot) => snapshot.memory);
  memory.catch(() => {}); // it may fail before Pyodide awaits it: not an unhandled rejection
  if (!pace) return { memory, unpacked };
  const judging = performance.now();
  const pays = await Promise.race([pace.verdict, memory.then(() => true, () => true)]);
  performance.measure(`python:snapshot-${pays ? "kept" : "given-up"}`, { start: judging });
  if (pays) return { memory, unpacked };
  stop.abort();
  progress.done(url, { given_up: true });
  const megabytes = (bytes) => (bytes / 1e6).toFixed(2);
  console.info(`The snapshot would take longer to come than it saves (${megabytes(pace.received)} of ${megabytes(pace.expected)} MB of its memory came): `
    + "Python starts without it, and it is kept for the next visit.");
  return null;
}

// Start Python: from the snapshot when the build names one and it pays, otherwise (or if that
// fails) afresh.
async function startPython(options) {
  const settings = withStdlib(options);
  const url = snapshotUrl();
  const snapshot = url ? await chooseSnapshot(url) : null;
  const unused = (name) => { if (builtUrl(name)) progress.done(builtUrl(name), { given_up: true }); }; // the bar counts it done
  if (snapshot) {
    const instantiation = watchInstantiation(snapshot.unpacked);
    try {
      // Pyodide awaits the promise once it has fetched its own files.
      const withSnapshot = { ...withStdlib(options, true), _loadSnapshot: snapshot.memory };
      const pyodide = await startPyodide(withSnapshot);
      // Pyodide keeps its options: drop the 30 MB copy of the memory it has restored.
      delete withSnapshot._loadSnapshot;
      if (pyodide._api && pyodide._api.config) delete pyodide._api.config._loadSnapshot;
      // Every start restores the same memory: reseed `random` from the system, as a fresh start would.
      pyodide.runPython("import random; random.seed()");
      globalThis.yachtPython = "snapshot"; // read by the game's Python (js.yachtPython), shown as <html data-python>
      if (builtUrl("rest")) unused("stdlib");
      unused("files");
      return pyodide;
    } catch (error) {
      instantiation.stop();
      progress.done(url, { given_up: true });
      const message = error && error.message ? error.message : error;
      const why = instantiation.problem ? `${instantiation.problem} (${message})` : message;
      console.warn(`Starting Python without its snapshot (${url}): ${why}`);
    } finally {
      instantiation.stop();
    }
  }
  gameFiles(); // on its way while Python starts
  unused("rest");
  const pyodide = await startPyodide(settings);
  globalThis.yachtPython = "started";
  return pyodide;
}

// Python started, with the game's modules in place (imported in the snapshot, or files written for a start afresh).
async function start(options) {
  performance.mark("python:load"); // the worker's steps, for bench.launch_steps
  const pyodide = await startPython(options);
  performance.mark("python:up");
  progress.stage("python");
  if (globalThis.yachtPython !== "snapshot") await writeGameFiles(pyodide);
  // From the snapshot, the shell's files (the one part of the game not imported there, compiled ahead
  // instead) come from the bytes it keeps (tools/ahead.py's write_sources).
  else pyodide.runPython(`import yacht_ahead\nyacht_ahead.write_sources("${HOME}/game/")`);
  progress.stage("files");
  performance.mark("python:files");
  // The worker's own scope, which no page script reaches: the end-to-end tests read Python's state
  // through it (tests/e2e/ui.py's run_python evaluates in the worker, as Playwright can).
  globalThis.yachtPyodide = pyodide;
  return pyodide;
}

// PyScript's call (polyscript's Pyodide engine, in the worker): its options (output streams) with
// the vendored runtime's folder; the interpreter comes back started, with the game's modules in place.
export async function loadPyodide(options = {}) {
  return start({ ...options, indexURL: INDEX_URL });
}
