// Makes the worker at once and marks the page ready when the worker says the game's shell is imported.
performance.mark("floor:worker"); // the page's first script runs (docs/speed.md's floor)
const worker = new Worker("./restore_floor.mjs", { type: "module" });
worker.onmessage = () => {
  document.documentElement.dataset.ready = "true";
};
