// Make a Pyodide memory snapshot: the interpreter after start-up, with the modules the game
// imports on its start path already imported, so the page restores it instead of starting
// Python (see tools/snapshot.py, which runs this at build time, and static/js/python.mjs).
//
//   node tools/snapshot.mjs PYODIDE_DIR SITE_ROOT OUT_FILE MODULES_JSON
//
// MODULES_JSON is {"files": ["game/rules.py", ...], "imports": ["json", "game.rules", ...]}:
// the files are written where PyScript writes them (/home/pyodide/<path>) so the modules'
// __file__ match the page's, then every name is imported. Modules that hold JavaScript objects
// other than globals (pyscript, the game's shell) cannot be in a snapshot and are not listed.
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

const [pyodideDir, siteRoot, outFile, modulesJson] = process.argv.slice(2);
if (!modulesJson) {
  console.error("usage: node tools/snapshot.mjs PYODIDE_DIR SITE_ROOT OUT_FILE MODULES_JSON");
  process.exit(2);
}
const { files, imports } = JSON.parse(modulesJson);
const { loadPyodide } = await import(pathToFileURL(path.join(pyodideDir, "pyodide.mjs")).href);
const pyodide = await loadPyodide({ indexURL: pyodideDir + path.sep, _makeSnapshot: true });
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
const snapshot = pyodide.makeMemorySnapshot();
fs.writeFileSync(outFile, snapshot);
console.log(`snapshot: ${snapshot.length} bytes, ${imports.length} imports`);
