/**
 * One benchmark case in its own process, so peak RSS is honest.
 *   deno run -A bench/case.ts <case> <url> <token> <rows> <select|all>
 * Prints one JSON line: {case, rows, bytes, seconds, peakRssMB}.
 */
import pl from "nodejs-polars";
import Papa from "papaparse";
import { request } from "undici";
import { Genesys } from "../src/index.ts";
import { resolveSelect } from "../src/client/passports.ts";

const [name, url, token, rowsArg, selectArg] = Deno.args;
const rows = Number(rowsArg);
const select = selectArg === "all" ? undefined : selectArg!.split(",");
const cols = resolveSelect(select).map((c) => c.select).join(",");
const q = `${url}/api/v2/acn/query?l=${rows}&select=${encodeURIComponent(cols)}`;
const headers = { authorization: `Bearer ${token}`, "content-type": "application/json", accept: "text/csv, */*" };
let peak = 0;
const sample = setInterval(() => (peak = Math.max(peak, Deno.memoryUsage().rss)), 20);
const t0 = performance.now();
let bytes = 0;
let outRows = rows;
if (name === "wire" || name === "parse-only") {
  const res = await request(q, { method: "POST", headers, body: "{}" });
  const parts: Buffer[] = [];
  for await (const c of res.body) {
    bytes += c.length;
    if (name === "parse-only") parts.push(c);
  }
  if (name === "parse-only") {
    const body = Buffer.concat(parts);
    const t1 = performance.now();
    const df = pl.readCSV(body, { sep: "\t", quoteChar: '"' });
    outRows = df.height;
    peak = Math.max(peak, Deno.memoryUsage().rss);
    clearInterval(sample);
    console.log(JSON.stringify({ case: name, rows: outRows, bytes, seconds: (performance.now() - t1) / 1000, peakRssMB: peak / 1e6 }));
    Deno.exit(0);
  }
} else if (name === "passports") {
  const g = new Genesys({ baseUrl: url!, token });
  const df = await g.passports({}, { select, limit: rows, onProgress: (p) => (bytes = p.bytes) });
  outRows = df.height;
  await g.close();
} else if (name === "papaparse") {
  const res = await fetch(q, { method: "POST", headers, body: "{}" });
  const text = await res.text();
  bytes = text.length;
  const parsed = Papa.parse(text, { header: true, delimiter: "\t", dynamicTyping: true, skipEmptyLines: true });
  outRows = parsed.data.length;
} else if (name === "filter-paging") {
  const g = new Genesys({ baseUrl: url!, token });
  let n = 0;
  for await (const _ of g.allAccessions({}, 1000)) if (++n >= rows) break;
  outRows = n;
  await g.close();
} else if (name === "traits") {
  const g = new Genesys({ baseUrl: url!, token });
  const { data } = await g.traits({ crop: ["wheat"] });
  outRows = data.height;
  await g.close();
}
peak = Math.max(peak, Deno.memoryUsage().rss);
clearInterval(sample);
console.log(JSON.stringify({ case: name, rows: outRows, bytes, seconds: (performance.now() - t0) / 1000, peakRssMB: peak / 1e6 }));
