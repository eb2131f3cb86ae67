import pl from "nodejs-polars";
import { request } from "undici";
import { readCsvStream } from "./src/client/csv-stream.ts";
import { resolveSelect, passportTypingExprs } from "./src/client/passports.ts";
const token = Deno.readTextFileSync("/tmp/exp/token").trim();
const cols = resolveSelect(undefined);
const q = `http://127.0.0.1:8711/api/v2/acn/query?l=1000000&select=${encodeURIComponent(cols.map((c) => c.select).join(","))}`;
const variant = Deno.args[0]!; const block = Number(Deno.args[1] ?? 8); const inFlight = Number(Deno.args[2] ?? 2);
const kinds = new Map(cols.map((c) => [c.header, c.field.kind]));
const R: Record<string, any> = { int: pl.Int64, float: pl.Float64, bool: pl.Bool };
if (variant !== "utf8") R.code = pl.Categorical;
let typing: any[] = [];
const t0 = performance.now();
const res = await request(q, { method: "POST", headers: { authorization: `Bearer ${token}`, "content-type": "application/json" }, body: "{}" });
const r = await readCsvStream(res.body, {
  endpoint: "x", blockBytes: block * 1024 * 1024, inFlight,
  dtypes: (h) => { typing = passportTypingExprs(cols, h); return Object.fromEntries(h.flatMap((x) => R[kinds.get(x)!] ? [[x, R[kinds.get(x)!]]] : [])); },
  transform: variant === "full" ? (lf) => lf.withColumns(...typing) : undefined,
});
console.log(variant, block, inFlight, r.rows, ((performance.now() - t0) / 1000).toFixed(2));
