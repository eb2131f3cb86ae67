/**
 * passports()' Categorical columns gathered while the blocks arrive (src/client/export/categoricals.ts): the frame is
 * the one the blocks stacked and rechunked at the end give (columns, dtypes, values, order, one chunk per Categorical
 * column), over real HTTP and from blocks typed by polars' own reader.
 */
import pl from "nodejs-polars";
import type { DataFrame } from "nodejs-polars";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { Genesys } from "../src/index.ts";
import { GatheredBlocks } from "../src/client/export/categoricals.ts";
import { assembleFrame, type Kinds, stackBlocks } from "../src/client/csv/typing.ts";
import { CoercionLog } from "../src/kernel/diagnostics.ts";
import { useSandboxClient } from "./helpers/sandbox.ts";

const KINDS: Kinds = { INSTCODE: "code", GENUS: "code", ACCENUMB: "string", SAMPSTAT: "int" };

/** A block as the export types it: codes read straight into Categorical. */
function block(csv: string): DataFrame {
  const header = csv.split("\n")[0]!.split(",");
  const schema = Object.fromEntries(header.map((h) => [h, KINDS[h] === "code" ? pl.Categorical : KINDS[h] === "int" ? pl.Int64 : pl.Utf8]));
  return pl.readCSV(csv, { schema });
}

const BLOCKS = [
  "INSTCODE,ACCENUMB,GENUS,SAMPSTAT\nMEX002,A1,Zea,100\nPER001,A2,,200\n",
  "INSTCODE,ACCENUMB,GENUS,SAMPSTAT\nMEX002,B1,Phaseolus,\nCOL003,B2,Zea,300\nMEX002,B3,Zea,999\n",
  "INSTCODE,ACCENUMB,GENUS,SAMPSTAT\n,C1,Oryza,100\n",
];

/** The frame the blocks give the old way (stacked, checked and rechunked at the end). */
const stackedAtTheEnd = (texts: string[]) => assembleFrame(texts.map(block), Object.keys(KINDS), KINDS, true, new CoercionLog());

describe("GatheredBlocks", () => {
  it("gives the frame stacking the blocks gives, each Categorical column in one chunk, the blocks' own codes replaced", () => {
    const gathered = new GatheredBlocks();
    const frames = BLOCKS.map(block);
    for (const f of frames) gathered.add(f);
    const one = gathered.stacked(stackBlocks)!;
    expect(one).toBeDefined();
    const df = assembleFrame([one], Object.keys(KINDS), KINDS, true, new CoercionLog());
    const old = stackedAtTheEnd(BLOCKS);
    expect(df.columns).toEqual(old.columns);
    expect(df.dtypes.map(String)).toEqual(old.dtypes.map(String));
    expect(df.frameEqual(old, true)).toBe(true);
    expect(df.getColumn("GENUS").toArray()).toEqual(["Zea", null, "Phaseolus", "Zea", "Zea", "Oryza"]);
    expect(df.getColumn("INSTCODE").nChunks()).toBe(1);
    expect(df.getColumn("GENUS").nChunks()).toBe(1);
    // one dictionary per column: Arrow IPC takes it
    expect(pl.readIPC(df.writeIPC()).frameEqual(old, true)).toBe(true);
    // the blocks handed over are spent: their codes were freed (stand-ins of another column under the same names)
    expect(frames[1]!.getColumn("GENUS").dtype.equals(pl.Categorical)).toBe(false);
  });

  it("keeps blocks whose columns differ whole, and gives every block back as it came", () => {
    const other = "ACCENUMB,INSTCODE,GENUS,SAMPSTAT\nD1,NGA039,Vigna,100\n";
    const gathered = new GatheredBlocks();
    for (const t of [...BLOCKS, other]) gathered.add(block(t));
    expect(gathered.stacked(stackBlocks)).toBeUndefined();
    const back = gathered.frames();
    [...BLOCKS, other].forEach((t, i) => expect(back[i]!.frameEqual(block(t), true)).toBe(true));
    const df = assembleFrame(back, Object.keys(KINDS), KINDS, true, new CoercionLog());
    expect(df.frameEqual(stackedAtTheEnd([...BLOCKS, other]), true)).toBe(true);
  });

  it("keeps every block whole when told not to gather (a cached export's pages are stored from them)", () => {
    const gathered = new GatheredBlocks(false);
    const frames = BLOCKS.map(block);
    for (const f of frames) gathered.add(f);
    expect(gathered.stacked(stackBlocks)).toBeUndefined();
    expect(gathered.frames().every((f, i) => f === frames[i])).toBe(true);
    expect(frames[0]!.getColumn("GENUS").dtype.equals(pl.Categorical)).toBe(true);
  });

  it("keeps blocks of Categorical columns alone whole (no other column to stand in)", () => {
    const texts = ["INSTCODE,GENUS\nMEX002,Zea\n", "INSTCODE,GENUS\nPER001,Oryza\n"];
    const gathered = new GatheredBlocks();
    for (const t of texts) gathered.add(block(t));
    expect(gathered.stacked(stackBlocks)).toBeUndefined();
    gathered.frames().forEach((f, i) => expect(f.frameEqual(block(texts[i]!), true)).toBe(true));
  });
});

describe("passports() over many pages", () => {
  const ctx = useSandboxClient();

  it("gives the same frame whether its blocks are gathered (cache off) or stored as pages (cache on)", async () => {
    const dir = mkdtempSync(join(tmpdir(), "genesys-gathered-"));
    const cached = new Genesys({ baseUrl: ctx.sb.url, token: ctx.sb.token, cache: "on", cacheDir: dir });
    try {
      const opts = { pageSize: 500, onDiagnostics: () => undefined };
      const gathered = await ctx.g.passports({ crop: ["wheat", "maize"] }, opts);
      const stored = await cached.passports({ crop: ["wheat", "maize"] }, opts);
      expect(gathered.height).toBeGreaterThan(1000);
      expect(gathered.columns).toEqual(stored.columns);
      expect(gathered.dtypes.map(String)).toEqual(stored.dtypes.map(String));
      expect(gathered.frameEqual(stored, true)).toBe(true);
      const cats = gathered.columns.filter((_, i) => gathered.dtypes[i]!.equals(pl.Categorical));
      expect(cats.length).toBeGreaterThan(10);
      for (const c of cats) expect(gathered.getColumn(c).nChunks()).toBe(1);
    } finally {
      await cached.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
