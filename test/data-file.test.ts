/**
 * The one reader of the reference data shipped as JSON (src/kernel/data-file.ts): a missing file, a file that is not
 * JSON and a file that does not fit its schema are errors naming the file, what it holds and the field.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { readDataFile } from "../src/kernel/data-file.ts";
import { REGIONS, REGIONS_FILE, RegionsFile } from "../src/plot/extent.ts";

const dir = mkdtempSync(join(tmpdir(), "data-file-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const file = (name: string, text: string) => (writeFileSync(join(dir, name), text), pathToFileURL(join(dir, name)));
const Boxes = z.strictObject({ regions: z.record(z.string(), z.tuple([z.number(), z.number()])) });

describe("readDataFile()", () => {
  it("reads a shipped file through its schema", () => {
    expect(readDataFile(REGIONS_FILE, RegionsFile, "a regions file").regions).toEqual(REGIONS);
  });
  it("a missing file names it and what it holds", () => {
    expect(() => readDataFile(pathToFileURL(join(dir, "none.json")), Boxes, "a regions file (test)"))
      .toThrow(/^cannot read .*none\.json \(a regions file \(test\)\): ENOENT/);
  });
  it("a file that is not JSON", () => {
    expect(() => readDataFile(file("bad.json", "{ regions:"), Boxes, "a regions file"))
      .toThrow(/^cannot read .*bad\.json \(a regions file\): .*JSON/);
  });
  it("a file that does not fit its schema names the first field", () => {
    expect(() => readDataFile(file("wrong.json", '{ "regions": { "Andes": [1, "x"] } }'), Boxes, "a regions file"))
      .toThrow(/wrong\.json is not a regions file: regions\.Andes\.1: /);
  });
});
