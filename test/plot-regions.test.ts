/**
 * The named regions of a map's extent are data (src/plot/regions.json, issue 40): the file is read through its zod
 * schema, its hash is pinned (a changed box changes which maps zoom where: update the hash and say why in the commit),
 * and a box given by name is the box in the file.
 */
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { REGIONS, REGIONS_FILE, RegionsFile, resolveExtent } from "../src/plot/extent.ts";

const REGIONS_SHA256 = "487acab263f0f241ff220036e5730b411979a4496dfd935168fd93d9a10d4ffe";

describe("regions.json", () => {
  it("is the file whose hash is pinned, with a source and a licence", () => {
    expect(createHash("sha256").update(readFileSync(REGIONS_FILE)).digest("hex")).toBe(REGIONS_SHA256);
    const file = RegionsFile.parse(JSON.parse(readFileSync(REGIONS_FILE, "utf8")));
    expect(file.source).toMatch(/UN M49/);
    expect(file.licence).toMatch(/CC0/);
  });

  it("gives each name its box: the Andes as before the move, every box west < east and south < north", () => {
    expect(REGIONS["Andes"]).toEqual([-82, -56, -62, 13]);
    expect(Object.keys(REGIONS)).toHaveLength(19);
    expect(resolveExtent("Fertile Crescent", [], "collectingSitesMap()")).toEqual([30, 28, 50, 40]);
  });

  it("refuses a box whose corners are swapped, naming the entry", () => {
    const bad = { about: "x", source: "y", licence: "z", regions: { Nowhere: [10, 0, -10, 5] } };
    const r = RegionsFile.safeParse(bad);
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.path).toEqual(["regions", "Nowhere"]);
  });
});
