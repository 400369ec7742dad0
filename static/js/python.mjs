// The interpreter module PyScript loads (pyscript.toml's `interpreter`): Pyodide's own
// loadPyodide, restoring the memory snapshot that tools/build.py made (tools/snapshot.py)
// instead of starting Python from scratch. The page names the snapshot in a preload link
// (id="python-snapshot"), which also starts its download with the rest of the runtime.
// Without that link, or if the snapshot cannot be used for any reason, Python starts the
// normal way: a snapshot only ever makes the start faster, never breaks it.
import { loadPyodide as startPyodide, version } from "../vendor/pyodide/pyodide.mjs";

export { version };

const INDEX_URL = new URL("../vendor/pyodide/", import.meta.url).href;
const MAGIC = [0x59, 0x53, 0x4e, 0x41, 0x50, 0x00, 0x01, 0x00]; // "YSNAP\0\1\0", as tools/snapshot.py

// The memory tools/snapshot.py packed: gunzip, then copy each run of non-zero pages into place.
async function unpack(response) {
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  const stream = response.body.pipeThrough(new DecompressionStream("gzip"));
  const data = new Uint8Array(await new Response(stream).arrayBuffer());
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  if (data.length < 16 || MAGIC.some((byte, i) => data[i] !== byte)) throw new Error("not a packed snapshot");
  const memory = new Uint8Array(view.getUint32(8, true));
  const count = view.getUint32(12, true);
  let position = 16 + 8 * count;
  for (let i = 0; i < count; i++) {
    const offset = view.getUint32(16 + 8 * i, true);
    const length = view.getUint32(20 + 8 * i, true);
    memory.set(data.subarray(position, position + length), offset);
    position += length;
  }
  if (position !== data.length) throw new Error("packed snapshot has trailing bytes");
  return memory;
}

function snapshotUrl() {
  const link = document.getElementById("python-snapshot");
  return link && typeof DecompressionStream === "function" ? link.href : null;
}

export async function loadPyodide(options = {}) {
  const settings = { ...options, indexURL: INDEX_URL };
  const url = snapshotUrl();
  if (url) {
    try {
      // Same mode and credentials as the preload link, so the browser reuses its download;
      // Pyodide awaits the promise once it has fetched its own files.
      const snapshot = fetch(url, { credentials: "same-origin" }).then(unpack);
      const pyodide = await startPyodide({ ...settings, _loadSnapshot: snapshot });
      // Every start restores the same memory: reseed `random` from the system, as a fresh start would.
      pyodide.runPython("import random; random.seed()");
      document.documentElement.dataset.python = "snapshot";
      return pyodide;
    } catch (error) {
      console.warn(`Starting Python without its snapshot (${url}): ${error && error.message ? error.message : error}`);
    }
  }
  const pyodide = await startPyodide(settings);
  document.documentElement.dataset.python = "started";
  return pyodide;
}
