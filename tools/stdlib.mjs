// Find the standard library files the game loads: start Pyodide with its whole standard library,
// write the game's files where PyScript writes them, and run tools/stdlib_finder.py (which imports
// what the game's and PyScript's Python name, then plays the game's core). See tools/stdlib.py.
//
//   node tools/stdlib.mjs PYODIDE_DIR SPEC_JSON_FILE OUT_JSON_FILE
//
// SPEC_JSON_FILE: {"root": dir, "files": [...], "modules": [...], "candidates": [...],
// "tables": {name: path}, "catalogues": {code: path}, "references": path, "finder": path}.
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

const [pyodideDir, specFile, outFile] = process.argv.slice(2);
if (!outFile) {
  console.error("usage: node tools/stdlib.mjs PYODIDE_DIR SPEC_JSON_FILE OUT_JSON_FILE");
  process.exit(2);
}
const spec = JSON.parse(fs.readFileSync(specFile, "utf8"));
const { loadPyodide } = await import(pathToFileURL(path.join(pyodideDir, "pyodide.mjs")).href);
const pyodide = await loadPyodide({ indexURL: pyodideDir + path.sep });
const home = "/home/pyodide";
for (const file of spec.files) {
  const target = `${home}/${file}`;
  pyodide.FS.mkdirTree(target.slice(0, target.lastIndexOf("/")));
  pyodide.FS.writeFile(target, fs.readFileSync(path.join(spec.root, file)));
}
// Tables and catalogues go into Pyodide's file system, outside the game's folder: the finder reads them.
pyodide.FS.mkdirTree("/tmp/tour");
const bytes = (paths) => Object.fromEntries(Object.entries(paths).map(([key, file]) => {
  pyodide.FS.writeFile(`/tmp/tour/${path.basename(file)}`, fs.readFileSync(file));
  return [key, `/tmp/tour/${path.basename(file)}`];
}));
pyodide.globals.set("CANDIDATES", pyodide.toPy(spec.candidates));
pyodide.globals.set("GAME_MODULES", pyodide.toPy(spec.modules));
pyodide.globals.set("TABLES", pyodide.toPy(bytes(spec.tables)));
pyodide.globals.set("CATALOGUES", pyodide.toPy(bytes(spec.catalogues)));
pyodide.globals.set("REFERENCES", pyodide.toPy(JSON.parse(fs.readFileSync(spec.references, "utf8"))));
pyodide.runPython(fs.readFileSync(spec.finder, "utf8"));
fs.writeFileSync(outFile, pyodide.globals.get("result"));
