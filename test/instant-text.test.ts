/**
 * An instant column's text spared while an export is held in blocks (src/client/csv/instant-text.ts): blocks whose
 * every text is a whole-second UTC instant keep the parsed values alone, and where another block keeps its text, the
 * finished frame has every original text back, character for character.
 */
import pl from "nodejs-polars";
import { describe, expect, it } from "vitest";
import { typedBlocks } from "../src/client/csv/stream.ts";
import { assembleFrame, type Kinds } from "../src/client/csv/typing.ts";
import { nativeDropInPlace } from "../src/client/csv/instant-text.ts";
import { CoercionLog } from "../src/kernel/diagnostics.ts";

const KINDS: Kinds = { T: "instant", N: "int" };

/** The body in chunks of 64 bytes: blocks are cut where a chunk ends past their size. */
async function* body(text: string) {
  const buf = Buffer.from(text);
  for (let i = 0; i < buf.length; i += 64) yield buf.subarray(i, i + 64);
}

/** The body's blocks as the export parses them (small blocks: several per body), and the finished frame. */
async function read(lines: string[], blockBytes = 256) {
  const log = new CoercionLog();
  const blocks = [];
  let header: string[] = [];
  const text = "N\tT\n" + lines.map((t, i) => `${i}\t${t}`).join("\n") + "\n";
  for await (const b of typedBlocks(body(text), { endpoint: "t", kinds: () => KINDS, log, blockBytes })) {
    if (b.df.height) blocks.push(b.df);
    header = b.header;
  }
  return { blocks, frame: assembleFrame(blocks, header, KINDS, true, log), log };
}

/** Whole-second instants over the years 0001 to 9999, as Genesys writes LASTMODIFIED (`2026-08-03T16:08:11Z`). */
const WHOLE = [
  "0001-01-01T00:00:00Z",
  "9999-12-31T23:59:59Z",
  ...Array.from({ length: 60 }, (_, i) => {
    const d = new Date(0);
    d.setUTCFullYear(1970 + i, i % 12, 1 + (i % 28));
    d.setUTCHours(i % 24, (i * 7) % 60, (i * 13) % 60);
    return d.toISOString().replace(".000Z", "Z");
  }),
];

describe("instant texts spared in blocks", () => {
  it("uses nodejs-polars' native in-place drop (the pinned version has it)", () => {
    expect(nativeDropInPlace, "nodejs-polars internals changed: update src/client/csv/instant-text.ts before bumping the pinned version")
      .toBe(true);
  });

  it("keeps only the parsed values of blocks whose texts are all whole-second instants", async () => {
    const r = await read([...WHOLE, ""]);
    expect(r.blocks.length).toBeGreaterThan(2);
    for (const b of r.blocks) {
      expect(String(b.schema.T)).toBe(String(pl.Datetime("ms")));
      expect(b.columns.some((c) => c.includes("\u0001whole"))).toBe(false);
    }
    expect(r.frame.columns).toEqual(["N", "T"]);
    expect(String(r.frame.schema.T)).toBe(String(pl.Datetime("ms")));
    const iso = (r.frame.getColumn("T").toArray() as unknown as (Date | null)[]).map((d) => d?.toISOString() ?? null);
    expect(iso).toEqual([...WHOLE.map((t) => t.replace("Z", ".000Z")), null]);
    expect(r.log.list()).toEqual([]);
  });

  it("gives every text back where a later block keeps its own (a value not an instant)", async () => {
    const odd = ["2026-08-03T16:08:11.000Z", "2016-12-31T23:59:60Z", "2026-08-03T18:08:11+02:00", "yesterday", ""];
    const lines = [...WHOLE, ...odd];
    const r = await read(lines);
    expect(r.blocks.filter((b) => String(b.schema.T) === String(pl.Datetime("ms"))).length).toBeGreaterThan(1);
    expect(r.frame.columns).toEqual(["N", "T", "T_datetime"]);
    expect(r.frame.getColumn("T").toArray()).toEqual(lines.map((t) => t || null));
    const parsed = (r.frame.getColumn("T_datetime").toArray() as unknown as (Date | null)[]).slice(0, WHOLE.length);
    expect(parsed.map((d) => d!.toISOString())).toEqual(WHOLE.map((t) => t.replace("Z", ".000Z")));
    expect(r.log.list().find((c) => c.what.startsWith("values are not instants"))?.examples).toEqual(["yesterday"]);
  });

  it("keeps the text of a block whose instants carry a fraction, and finishes it as before", async () => {
    const r = await read(["2026-08-03T16:08:11.000Z", "2026-08-03T16:08:12Z"], 1 << 20);
    expect(r.blocks.length).toBe(1);
    expect(String(r.blocks[0]!.schema.T)).toBe(String(pl.String));
    const iso = (r.frame.getColumn("T").toArray() as unknown as Date[]).map((d) => d.toISOString());
    expect(iso).toEqual(["2026-08-03T16:08:11.000Z", "2026-08-03T16:08:12.000Z"]);
  });
});
