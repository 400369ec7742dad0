// Write FILE.br beside each FILE given (Brotli, quality 11), unless an up-to-date one is there.
// tools/vendor.py runs it once for the vendored runtime (the wasm takes about 30 s), so builds
// only copy the result: node tools/brotli.mjs static/vendor/pyodide/pyodide.asm.wasm ...
import { readFileSync, statSync, writeFileSync, existsSync } from "node:fs";
import { brotliCompressSync, constants } from "node:zlib";

// --quality=N (first) trades size for time: tools/snapshot.py's snapshot, made at each build, uses 9.
const args = process.argv.slice(2);
const quality = args[0] && args[0].startsWith("--quality=") ? Number(args.shift().slice(10)) : constants.BROTLI_MAX_QUALITY;
let written = 0;
for (const file of args) {
  const target = `${file}.br`;
  if (existsSync(target) && statSync(target).mtimeMs >= statSync(file).mtimeMs) continue;
  const data = readFileSync(file);
  const packed = brotliCompressSync(data, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: quality,
      [constants.BROTLI_PARAM_LGWIN]: constants.BROTLI_MAX_WINDOW_BITS,
      [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
    },
  });
  if (packed.length <= 0.9 * data.length) {
    writeFileSync(target, packed);
    written += 1;
  }
}
console.log(`brotli: ${written} written`);
