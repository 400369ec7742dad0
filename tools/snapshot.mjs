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
// compiles nothing. Beside OUT_FILE it writes OUT_FILE.initial, the module's memory as instantiated,
// which tools/snapshot.py lays the snapshot out against.
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
// PYTHONNODEBUGRANGES: the code compiled here keeps each instruction's line but not its columns (the
// carets under a traceback's line, which the page never shows), so its line tables are smaller: the
// Brotli snapshot 0.37 MB smaller (3.92 -> 3.55 MB, issue 54's first visit). The restored memory keeps
// the setting, so what the worker compiles later is written the same way.
const options = {
  indexURL: pyodideDir + path.sep,
  _makeSnapshot: true,
  env: { PYTHONNODEBUGRANGES: "1" },
  ...(stdlib ? { stdLibURL: stdlib } : {}),
};
// The module's memory as instantiation leaves it (its data segments in place, nothing run yet):
// tools/snapshot.py leaves out the snapshot's pages that still read so, and the worker copies them
// from its own freshly instantiated module (static/js/python.mjs). Pyodide's module exports its
// memory; it is the one instance with Pyodide's core in it.
let initial = null;
const plain = { instantiate: WebAssembly.instantiate, instantiateStreaming: WebAssembly.instantiateStreaming };
for (const [name, original] of Object.entries(plain)) {
  if (typeof original !== "function") continue;
  WebAssembly[name] = async function (...args) {
    const result = await original.apply(WebAssembly, args);
    const instance = result instanceof WebAssembly.Instance ? result : result.instance;
    const { memory, PyInit__pyodide_core: core } = instance.exports;
    if (!initial && memory instanceof WebAssembly.Memory && typeof core === "function") {
      initial = new Uint8Array(memory.buffer).slice();
    }
    return result;
  };
}
const pyodide = await loadPyodide(options);
for (const [name, original] of Object.entries(plain)) if (typeof original === "function") WebAssembly[name] = original;
if (!initial) throw new Error("Pyodide's module was instantiated unseen: no initial memory");
// Docstrings, left out of the snapshot: nothing at run time reads __doc__ (the game never does;
// help() and pydoc are not part of it), and they were 0.9 MB of its heap (0.26 MB of Brotli).
// UNDOCUMENT runs in a namespace of its own: `drop` takes them from what is loaded (modules', heap
// classes', functions' and their code objects'), and while `hook` is on, every module imported,
// from a file or from the standard library's zip, is compiled without them (from its syntax tree,
// docstrings left out: line numbers stay the file's, for tracebacks). Dropping first and importing
// after lets the imports fill the holes that the replaced code objects leave: dropping all at the
// end instead grew the heap by 2.4 MB of sparse pages and bought a third as much.
const UNDOCUMENT = `
import ast, dis, gc, sys, types, zipimport
import _frozen_importlib_external as external

HAS_DOCSTRING = 0x4000000  # CO_HAS_DOCSTRING (CPython 3.14): a function's code keeps it as co_consts[0]
LOAD = frozenset(dis.hasconst)
HEAP_TYPE, IMMUTABLE_TYPE = 1 << 9, 1 << 8
plain = {}


def parsed(source, path):
    tree = ast.parse(source, path)
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)) and node.body:
            first = node.body[0]
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant) and isinstance(first.value.value, str):
                node.body[:1] = [] if len(node.body) > 1 else [ast.copy_location(ast.Pass(), first)]
    return tree


def hook():
    plain.update(source=external.SourceLoader.source_to_code, zip=zipimport._compile_source)

    def source_to_code(loader, data, path, *args, **options):  # compile() takes a tree as well as bytes
        return plain["source"](loader, parsed(data, path), path, *args, **options)

    def compile_source(path, source):  # as zipimport's own, less the docstrings
        source = source.replace(b"\\r\\n", b"\\n").replace(b"\\r", b"\\n")
        return compile(parsed(source, path), path, "exec", dont_inherit=True)

    external.SourceLoader.source_to_code = source_to_code
    zipimport._compile_source = compile_source


def unhook():
    external.SourceLoader.source_to_code = plain.pop("source")
    zipimport._compile_source = plain.pop("zip")


def without_docstrings(code, replaced):
    # The code, less its docstrings; nested code first (it lies in co_consts). A constant that the
    # bytecode also loads elsewhere is kept.
    if id(code) in replaced:
        return replaced[id(code)][1]
    consts = list(code.co_consts)
    documented = code.co_flags & HAS_DOCSTRING and consts and isinstance(consts[0], str)
    if documented or "__doc__" in code.co_names:  # reading the bytecode caches a copy of it: only here
        steps = list(dis.get_instructions(code))
        loaded = [step.arg for step in steps if step.opcode in LOAD]
        if documented and 0 not in loaded:
            consts[0] = None
        for step, then in zip(steps, steps[1:]):  # a module's or class body's: __doc__ = "..."
            if (step.opcode in LOAD and then.opname == "STORE_NAME" and then.argval == "__doc__"
                    and isinstance(consts[step.arg], str) and loaded.count(step.arg) == 1):
                consts[step.arg] = None
    consts = [without_docstrings(c, replaced) if isinstance(c, types.CodeType) else c for c in consts]
    changed = any(new is not old for new, old in zip(consts, code.co_consts))
    replaced[id(code)] = (code, code.replace(co_consts=tuple(consts)) if changed else code)
    return replaced[id(code)][1]


def undocumented(namespace):
    if isinstance(namespace.get("__doc__"), str):
        namespace["__doc__"] = None
        return 1
    return 0


def drop():
    replaced = {}  # id(code): (code, its replacement), the originals kept so that no id is reused
    count = sum(undocumented(module.__dict__) for module in list(sys.modules.values()) if type(module) is types.ModuleType)
    for thing in gc.get_objects():
        kind = type(thing)
        if kind is types.FunctionType:
            thing.__code__ = without_docstrings(thing.__code__, replaced)
            if isinstance(thing.__doc__, str):
                thing.__doc__ = None
                count += 1
        elif isinstance(thing, type):
            mutable = thing.__flags__ & HEAP_TYPE and not thing.__flags__ & IMMUTABLE_TYPE
            if mutable and isinstance(thing.__dict__.get("__doc__"), str):
                thing.__doc__ = None
                count += 1
        elif kind in (classmethod, staticmethod):  # they copy their function's __doc__ into their __dict__
            count += undocumented(thing.__dict__)
        elif kind is property and isinstance(thing.__doc__, str):
            thing.__doc__ = None
            count += 1
        else:  # an instance with a __doc__ slot (typing's special forms)
            slot = next((k.__dict__["__doc__"] for k in kind.__mro__ if "__doc__" in k.__dict__), None)
            if isinstance(slot, types.MemberDescriptorType) and isinstance(getattr(thing, "__doc__", None), str):
                slot.__set__(thing, None)
                count += 1
    codes = sum(1 for code, new in replaced.values() if new is not code)
    del replaced
    gc.collect()
    return count, codes
`;
pyodide.globals.set("source", UNDOCUMENT);
pyodide.runPython("undocument = {}\nexec(source, undocument)\ndel source");
const undocument = pyodide.globals.get("undocument");
// `drop`'s counts (docstrings, code objects), its proxies destroyed: they would keep UNDOCUMENT alive.
const drop = () => {
  const [call, result] = [undocument.get("drop"), []];
  try {
    const counts = call();
    result.push(...counts.toJs());
    counts.destroy();
  } finally {
    call.destroy();
  }
  return result;
};
const dropped = drop();
const home = "/home/pyodide";
for (const file of files) {
  const target = `${home}/${file}`;
  pyodide.FS.mkdirTree(target.slice(0, target.lastIndexOf("/")));
  pyodide.FS.writeFile(target, fs.readFileSync(path.join(siteRoot, file)));
}
// A value handed to Python by toPy stays alive as long as its proxy does: each is destroyed once
// Python holds what it needs (the sources' text stayed in the snapshot so, twice the 35 KB).
const handOver = (name, value) => {
  const proxy = pyodide.toPy(value);
  pyodide.globals.set(name, proxy);
  proxy.destroy();
};
handOver("wanted", imports);
pyodide.runPython(`
import gc, importlib, os
assert os.getcwd() == "${home}", os.getcwd()
undocument["hook"]()
try:
    for name in wanted:
        importlib.import_module(name)
finally:
    undocument["unhook"]()
del wanted, name, importlib, os
gc.collect()
del gc
`);
if (ahead) {
  // tools/ahead.py, imported from a folder of its own (it stays in sys.modules as yacht_ahead),
  // then every file the worker's start imports compiled and the import system told to take them.
  pyodide.FS.mkdirTree("/tmp/yacht");
  pyodide.FS.writeFile("/tmp/yacht/yacht_ahead.py", fs.readFileSync(aheadModule));
  handOver("sources", JSON.parse(fs.readFileSync(ahead, "utf8")));
  pyodide.runPython(`
import sys
sys.path.insert(0, "/tmp/yacht")
import yacht_ahead
sys.path.remove("/tmp/yacht")
# Compiled as the import system would, less the docstrings; taken for the files' very bytes.
codes = {path: compile(undocument["parsed"](text.encode(), path), path, "exec", dont_inherit=True) for path, text in sources.items()}
yacht_ahead.install(codes, {path: text.encode() for path, text in sources.items()})
del sources, codes, sys
`);
}
// Whatever the imports' own code set up since (dataclasses write a __doc__ for a class without one).
const more = drop();
console.log(`docstrings: ${dropped[0]} and ${dropped[1]} code objects' at start, ${more[0]} and ${more[1]} after the imports`);
undocument.destroy();
pyodide.runPython("del undocument\nimport gc\ngc.collect()\ndel gc");
// The standard library's files loaded by now live in the snapshot's memory: a start from it needs only
// the rest of the zip (tools/snapshot.py writes that smaller zip from this list). zipimport reads a
// zip's directory once and keeps it in _zip_directory_cache: dropped here, so that the restored
// interpreter reads the directory of the zip it is given (the smaller one) at its first import from it.
const loaded = JSON.parse(pyodide.runPython(`
import json, sys, zipimport
_zip = next(entry for entry in sys.path if entry.endswith(".zip"))
_loaded = json.dumps(sorted({m.__file__[len(_zip) + 1 :] for m in list(sys.modules.values()) if (getattr(m, "__file__", None) or "").startswith(_zip + "/")}))
zipimport._zip_directory_cache.clear()
del _zip, json
_loaded
`));
pyodide.runPython("del _loaded");
// Zero the allocator's free memory, which still holds whatever start-up left there: a snapshot
// of zeros packs to nothing (measured: 6.3 MB -> 5.2 MB packed). Take every free block that fits
// below the current break, from 1 MiB down to the smallest (8 bytes), zero all of each (64 bytes
// and up, only what was asked, before: 0.01 MB more of Brotli), then give them all back.
const module = pyodide._module;
const limit = module._sbrk(0);
const taken = [];
for (let size = 1 << 20; size >= 8; size >>= 1) {
  for (;;) {
    const block = module._malloc(size);
    if (!block) break;
    const usable = module._malloc_usable_size(block); // the whole free block it took, not just `size`
    if (block + usable > limit) { module._free(block); break; } // would grow the heap: next size
    module.HEAPU8.fill(0, block, block + usable);
    taken.push(block);
  }
}
taken.forEach((block) => module._free(block));
// The C stack below its pointer is dead now (no WebAssembly call is under way): zero it too. A
// restored module starts its stack afresh.
module.HEAPU8.fill(0, module._emscripten_stack_get_end(), module._emscripten_stack_get_current());
const snapshot = pyodide.makeMemorySnapshot();
fs.writeFileSync(outFile, snapshot);
// Beside it, OUT_FILE.initial: the initial memory up to its last non-zero byte (the rest is zeros).
let end = initial.length;
while (end > 0 && initial[end - 1] === 0) end -= 1;
fs.writeFileSync(`${outFile}.initial`, initial.subarray(0, end));
// And OUT_FILE.loaded.json: the standard library's files in it.
fs.writeFileSync(`${outFile}.loaded.json`, JSON.stringify(loaded));
console.log(`snapshot: ${snapshot.length} bytes, ${imports.length} imports, ${taken.length} free blocks zeroed`);
