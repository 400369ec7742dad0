// Starts Python in a PyScript worker and marks the page ready once the worker answers a call.
import { PyWorker } from "./static/vendor/pyscript/core.js";

const interpreter = new URL("./static/vendor/pyodide/pyodide.mjs", document.baseURI).href;
const worker = await PyWorker("./bare_worker.py", { version: interpreter }); // polyscript: the interpreter module's URL
await worker.ready;
if ((await worker.sync.ready()) === true) document.documentElement.dataset.ready = "true";
