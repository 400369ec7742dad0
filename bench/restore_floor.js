// Makes the worker at once and marks the page ready when Python has answered a start.
performance.mark("yacht:worker");
const worker = new Worker("./restore_floor.mjs", { type: "module" });
worker.onmessage = ({ data }) => {
  for (const [name, at] of data.marks) performance.mark(`floor:${name}`, { startTime: at + data.origin - performance.timeOrigin });
  performance.mark("yacht:ready");
  document.documentElement.dataset.ready = "true";
};
