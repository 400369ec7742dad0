// The worker of restore_floor.html: Python restored from the snapshot (python.mjs, imported as
// PyScript's worker imports it, so that python.mjs sees its own request as the game's worker does;
// its marks python:load, python:up and python:files tell the steps), then the game's shell imported.
const { loadPyodide } = await import("./static/js/python.mjs");
const pyodide = await loadPyodide({});
pyodide.runPython("from game.shell import handle");
performance.mark("floor:imported");
postMessage("imported");
