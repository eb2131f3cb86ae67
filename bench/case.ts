/**
 * One benchmark case in its own process, so peak RSS is honest.
 *   deno run -A bench/case.ts <case> <url> <token> <rows> <select|all|crop>
 * Cases: wire, wire-pages (every page, to warm a spool), parse-only, parse-typed, passports, passports-nodates (no _date
 * companions), parquet (passportsToParquet), papaparse, filter-paging, traits.
 * Prints one JSON line: {case, rows, bytes, seconds, peakRssMB, idleRssMB, endRssMB}.
 * Peak RSS is the kernel's high-water mark (VmHWM); idle RSS is the process
 * with its modules loaded, before the request; end RSS is with the result
 * still held (so peak - end is the transient overhead).
 */
import pl from "nodejs-polars";
import Papa from "papaparse";
import { request } from "undici";
import { Genesys } from "../src/index.ts";
import { blockExprs, readSchema } from "../src/client/csv/typing.ts";
import { passportKinds, resolveSelect } from "../src/client/export/query.ts";
import { statusMB } from "./proc-status.ts";
import diagnostics_channel from "node:diagnostics_channel";
import { BLOCK_CHANNEL, type BlockEvent, PHASE_CHANNEL, type PhaseEvent } from "../src/client/csv/events.ts";
import process from "node:process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const [name, url, token, rowsArg, selectArg] = Deno.args;
const rows = Number(rowsArg);
const exporting = ["wire", "wire-pages", "parse-only", "parse-typed", "passports", "passports-nodates", "papaparse", "parquet"].includes(
  name!,
);
const select = selectArg === "all" || !exporting ? undefined : selectArg!.split(",");
const cols = resolveSelect(select).map((c) => c.select).join(",");
const q = `${url}/api/v2/acn/query?l=${rows || 1_000_000}&select=${encodeURIComponent(cols)}`;
const headers = { authorization: `Bearer ${token}`, "content-type": "application/json", accept: "text/csv, */*" };
// where the time goes: the engine's named events (src/client/csv/events.ts), summed per phase; the engine times nothing
// unless someone subscribes
const phases: Record<string, number> = { blocks: 0, bytes: 0 };
diagnostics_channel.subscribe(PHASE_CHANNEL, (m) => {
  const { phase, ms } = m as PhaseEvent;
  phases[phase] = (phases[phase] ?? 0) + ms;
});
diagnostics_channel.subscribe(BLOCK_CHANNEL, (m) => {
  phases.blocks! += 1;
  phases.bytes! += (m as BlockEvent).bytes;
});

// load polars' native module before measuring the idle baseline
pl.DataFrame({ warm: [1] });
const idleRssMB = statusMB("self", "VmRSS");

let t0 = performance.now();
const cpu0 = process.cpuUsage();
let bytes = 0;
let outRows = rows;
if (name === "wire-pages") {
  // the pages passports() asks for (p = 0, 1, … until a page with the header alone, or `rows` records), discarded: warms
  // a sandbox's spool for all of them, the empty last page included (records counted by line ends: close enough here)
  let records = 0;
  for (let p = 0;; p++) {
    const res = await request(`${q}&p=${p}`, { method: "POST", headers, body: "{}" });
    if (res.statusCode !== 200) throw new Error(`HTTP ${res.statusCode}: ${await res.body.text()}`);
    let lines = 0;
    for await (const c of res.body as AsyncIterable<Buffer>) {
      bytes += c.length;
      for (let i = c.indexOf(10); i >= 0; i = c.indexOf(10, i + 1)) lines++;
    }
    records += Math.max(0, lines - 1);
    if (lines < 2 || (rows > 0 && records >= rows)) break;
  }
  outRows = records;
} else if (name === "wire" || name === "parse-only" || name === "parse-typed") {
  const res = await request(q, { method: "POST", headers, body: "{}" });
  if (res.statusCode !== 200) throw new Error(`HTTP ${res.statusCode}: ${await res.body.text()}`);
  const parts: Buffer[] = [];
  for await (const c of res.body) {
    bytes += c.length;
    if (name !== "wire") parts.push(c);
  }
  if (name !== "wire") {
    const body = Buffer.concat(parts);
    parts.length = 0;
    t0 = performance.now();
    if (name === "parse-only") outRows = pl.readCSV(body, { sep: "\t", quoteChar: '"' }).height;
    else {
      // the same bytes into the same typed frame as passports(), in one parse
      const columns = resolveSelect(select);
      const header = columns.map((c) => c.header);
      const kinds = passportKinds(columns)(header);
      // (MCPD names: none integer-like, so an object keeps the header's order)
      const df = pl.readCSV(body, { sep: "\t", quoteChar: '"', schema: Object.fromEntries(readSchema(header, kinds)) });
      outRows = df.withColumns(...blockExprs(header, kinds, true)).height;
    }
  }
} else if (name === "passports" || name === "passports-nodates") {
  const g = new Genesys({ baseUrl: url!, token });
  const parseDates = name === "passports";
  const df = await g.passports({}, { select, limit: rows || undefined, parseDates, onProgress: (p) => (bytes = p.bytes ?? bytes) });
  outRows = df.height;
  await g.close();
} else if (name === "parquet") {
  // the same export written block by block to a Parquet dataset folder (rows 0 = all matching rows)
  const g = new Genesys({ baseUrl: url!, token });
  const dir = mkdtempSync(join(tmpdir(), "bench-parquet-"));
  try {
    const r = await g.passportsToParquet({}, join(dir, "out"), {
      select,
      limit: rows || undefined,
      onProgress: (p) => (bytes = p.bytes ?? bytes),
    });
    outRows = r.rows;
  } finally {
    rmSync(dir, { recursive: true, force: true });
    await g.close();
  }
} else if (name === "papaparse") {
  const res = await fetch(q, { method: "POST", headers, body: "{}" });
  const text = await res.text();
  bytes = Buffer.byteLength(text);
  const parsed = Papa.parse(text, { header: true, delimiter: "\t", dynamicTyping: true, skipEmptyLines: true });
  outRows = parsed.data.length;
} else if (name === "filter-paging") {
  const g = new Genesys({ baseUrl: url!, token });
  let n = 0;
  for await (const _ of g.api.accessionIterator({}, { size: 1000 })) if (++n >= rows) break;
  outRows = n;
  await g.close();
} else if (name === "traits") {
  const g = new Genesys({ baseUrl: url!, token });
  const { long } = await g.traits({ crop: [selectArg!] });
  // rows = observations: one long-frame row per observed value
  outRows = long.height;
  await g.close();
} else {
  throw new Error(`unknown case ${name}`);
}
const seconds = (performance.now() - t0) / 1000;
const cpu = process.cpuUsage(cpu0);
console.log(
  JSON.stringify({
    case: name,
    rows: outRows,
    bytes,
    seconds,
    peakRssMB: statusMB("self", "VmHWM"),
    idleRssMB,
    endRssMB: statusMB("self", "VmRSS"),
    cpuSeconds: (cpu.user + cpu.system) / 1e6,
    phases,
  }),
);
