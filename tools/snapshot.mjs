// Make a Pyodide memory snapshot: the interpreter after start-up, with the modules the game
// imports on its start path already imported, so the game's worker restores it instead of starting
// Python (see tools/snapshot.py, which runs this at build time, and static/js/python.mjs).
//
//   node tools/snapshot.mjs PYODIDE_DIR SITE_ROOT OUT_FILE MODULES_JSON
//
// MODULES_JSON is {"files": ["game/core/rules.py", ...], "imports": ["json", "game.core.rules", ...], "stdlib": path or null,
// "ahead": a JSON file of {path: source} to compile ahead, "aheadModule": tools/ahead.py}:
// the files are written where PyScript writes them (/home/pyodide/<path>) so the modules'
// __file__ match the worker's, then every name is imported. PyScript's package imports polyscript,
// a JavaScript module the worker registers, and cannot be in a snapshot; it and the game's shell
// are not listed: they are compiled ahead instead (tools/ahead.py), so that importing them at start
// compiles nothing.
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

const [pyodideDir, siteRoot, outFile, modulesJson] = process.argv.slice(2);
if (!modulesJson) {
  console.error("usage: node tools/snapshot.mjs PYODIDE_DIR SITE_ROOT OUT_FILE MODULES_JSON");
  process.exit(2);
}
const { files, imports, stdlib, ahead, aheadModule } = JSON.parse(modulesJson);
const { loadPyodide } = await import(pathToFileURL(path.join(pyodideDir, "pyodide.mjs")).href);
// The worker's standard library zip (tools/stdlib.py), when given: the snapshot remembers its offsets.
const options = { indexURL: pyodideDir + path.sep, _makeSnapshot: true, ...(stdlib ? { stdLibURL: stdlib } : {}) };
const pyodide = await loadPyodide(options);
const home = "/home/pyodide";
for (const file of files) {
  const target = `${home}/${file}`;
  pyodide.FS.mkdirTree(target.slice(0, target.lastIndexOf("/")));
  pyodide.FS.writeFile(target, fs.readFileSync(path.join(siteRoot, file)));
}
pyodide.globals.set("wanted", pyodide.toPy(imports));
pyodide.runPython(`
import gc, importlib, os
assert os.getcwd() == "${home}", os.getcwd()
for name in wanted:
    importlib.import_module(name)
del wanted, name, importlib, os
gc.collect()
del gc
`);
if (ahead) {
  // tools/ahead.py, imported from a folder of its own (it stays in sys.modules as yacht_ahead),
  // then every file the worker's start imports compiled and the import system told to take them.
  pyodide.FS.mkdirTree("/tmp/yacht");
  pyodide.FS.writeFile("/tmp/yacht/yacht_ahead.py", fs.readFileSync(aheadModule));
  pyodide.globals.set("sources", pyodide.toPy(JSON.parse(fs.readFileSync(ahead, "utf8"))));
  pyodide.runPython(`
import sys
sys.path.insert(0, "/tmp/yacht")
import yacht_ahead
sys.path.remove("/tmp/yacht")
yacht_ahead.install(yacht_ahead.compiled(sources), {path: text.encode() for path, text in sources.items()})
del sources, sys
`);
}
// Zero the allocator's free memory, which still holds whatever start-up left there: a snapshot
// of zeros packs to nothing (measured: 6.3 MB -> 5.2 MB packed). Take every free block that fits
// below the current break, from 1 MiB down to 64 bytes, zero it, then give them all back.
const module = pyodide._module;
const limit = module._sbrk(0);
const taken = [];
for (let size = 1 << 20; size >= 64; size >>= 1) {
  for (;;) {
    const block = module._malloc(size);
    if (!block) break;
    if (block + size > limit) { module._free(block); break; } // would grow the heap: next size
    module.HEAPU8.fill(0, block, block + size);
    taken.push(block);
  }
}
taken.forEach((block) => module._free(block));
const snapshot = pyodide.makeMemorySnapshot();
fs.writeFileSync(outFile, snapshot);
console.log(`snapshot: ${snapshot.length} bytes, ${imports.length} imports, ${taken.length} free blocks zeroed`);
