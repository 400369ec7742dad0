// The worker of restore_floor.html: Python restored from the snapshot (python.mjs, imported as
// PyScript's worker imports it, so that python.mjs sees its own request as the game's worker does),
// the game's shell imported.
const marks = [["worker", 0]];
const { loadPyodide } = await import("./static/js/python.mjs");
const pyodide = await loadPyodide({});
marks.push(["up", performance.now()]);
pyodide.runPython("from game.shell import handle");
marks.push(["imported", performance.now()]);
postMessage({ origin: performance.timeOrigin, marks });
