import pl from "nodejs-polars";
import { readFileSync } from "node:fs";
import { readCsvStream } from "./src/client/csv-stream.ts";
const body = readFileSync(Deno.args[0]!);
async function* chunks() { for (let i = 0; i < body.length; i += 65536) yield body.subarray(i, i + 65536); }
// JS-only cost: monkeypatch scanCSV to a trivial frame
const orig = pl.scanCSV;
(pl as any).scanCSV = () => pl.DataFrame({ a: [1] }).lazy();
let t = performance.now();
await readCsvStream(chunks(), { endpoint: "x", dtypes: () => ({}) });
console.log("js-only", (performance.now() - t).toFixed(0));
(pl as any).scanCSV = orig;
for (const inFlight of [1, 2, 4]) {
  t = performance.now();
  await readCsvStream(chunks(), { endpoint: "x", dtypes: () => ({}), inFlight });
  console.log("inFlight", inFlight, (performance.now() - t).toFixed(0));
}
for (const mb of [32, 64]) {
  t = performance.now();
  await readCsvStream(chunks(), { endpoint: "x", dtypes: () => ({}), blockBytes: mb << 20 });
  console.log("block MB", mb, (performance.now() - t).toFixed(0));
}
