/**
 * The sandbox's climate GeoTIFFs (GENERATED DATA): named like WorldClim 2.1's, labelled as generated in their metadata,
 * land only, and holding syntheticClimate() at each cell centre; climateAtSites() reads them like real WorldClim files.
 * A coarse 2° set here (the sandbox's own is 10′).
 */
import { mkdirSync, mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, join } from "node:path";
import pl from "nodejs-polars";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { climateAtSites, climateLayersOf } from "../src/climate/sites.ts";
import { syntheticClimate } from "../src/climate/synthetic.ts";
import { diagnostics } from "../src/kernel/diagnostics.ts";
import { SANDBOX_CLIMATE_LABEL, sandboxClimate, sandboxClimateFiles } from "../src/sandbox/climate.ts";
import { sandboxRelief } from "../src/sandbox/relief.ts";

const cache = mkdtempSync(join(tmpdir(), "climate-sandbox-"));
let dir = "";
beforeAll(() => {
  dir = sandboxClimate({ cache, minutes: 120 });
}, 120_000);
afterAll(() => rmSync(cache, { recursive: true, force: true }));

const relief = sandboxRelief();

/**
 * Annual mean temperatures (°C) of highland and lowland cities as their climate normals give them (the national
 * services' 1961–1990 or 1991–2020 normals, as the cities' Wikipedia climate tables cite them), rounded to 0.5 °C: not
 * data the project made. The sandbox's cell there is sampled at the nearest collecting-site place's elevation.
 */
const STATIONS: [string, number, number, number][] = [
  ["Quito", -0.22, -78.51, 14],
  ["Riobamba", -1.67, -78.65, 14],
  ["Bogotá", 4.6, -74.08, 14],
  ["Caranavi", -15.83, -67.57, 24],
  ["La Paz", -16.5, -68.15, 8],
  ["Puno", -15.84, -70.02, 8.5],
  ["Cusco", -13.53, -71.97, 12],
  ["Cochabamba", -17.4, -66.16, 18],
  ["Guatemala City", 14.63, -90.51, 19],
  ["Mexico City", 19.43, -99.13, 16],
  ["Addis Ababa", 9.03, 38.74, 16],
  ["Nairobi", -1.29, 36.82, 18],
  ["Sanaa", 15.35, 44.2, 16],
  ["Kathmandu", 27.7, 85.3, 18],
  ["Aleppo", 36.2, 37.15, 18],
  ["Kabul", 34.53, 69.17, 12],
  ["Tehran", 35.7, 51.4, 17.5],
  ["Erzurum", 39.9, 41.27, 5.5],
  // between the collecting sites' places (botanist re-read 3, issue 45: Huancayo had 25.1 °C, Mendoza 7.8 °C, Lima 26.6 °C)
  ["Huancayo", -12.07, -75.21, 12],
  ["Mendoza", -32.89, -68.83, 17],
  ["San Juan", -31.54, -68.53, 18],
  ["Lima (the cold Humboldt coast)", -12.05, -77.04, 19],
  ["Trujillo", -8.11, -79.03, 20],
  ["Walvis Bay (the cold Benguela coast)", -22.95, 14.5, 17],
];

describe("the sandbox's climate at collecting places (generated data, held against climate normals)", () => {
  it("puts highland cities at their height: annual mean within 3 °C on average of the normals, none more than 7 °C off", () => {
    const cell = (v: number) => (Math.floor(v * 6) + 0.5) / 6; // the 10′ cell centre the sandbox's raster holds
    const errors = STATIONS.map(([name, lat, lon, normal]) => {
      const e = relief(cell(lat), cell(lon));
      return { name, e, error: syntheticClimate(cell(lat), cell(lon), e).bio.bio1 - normal };
    });
    expect(errors.find((x) => x.name === "Quito")!.e).toBeGreaterThan(2500); // a smooth bump gave Quito 105 m and 27 °C
    expect(errors.filter((x) => Math.abs(x.error) > 7)).toEqual([]);
    expect(errors.reduce((s, x) => s + Math.abs(x.error), 0) / errors.length).toBeLessThan(3);
  });
});

describe("sandboxClimate()", () => {
  it("writes the 67 layers named as WorldClim 2.1's, once", () => {
    expect(readdirSync(dir).sort()).toEqual(sandboxClimateFiles("120m").sort());
    expect(sandboxClimateFiles()).toHaveLength(67);
    expect(sandboxClimate({ cache, minutes: 120 })).toBe(dir);
  });

  it("holds syntheticClimate() at land cell centres, null at sea, and says it is generated data", async () => {
    // cell centres (2° cells): the Sahara, the Ganges plain, the Atacama's edge, mid-Atlantic
    const sites = pl.DataFrame({ DECLATITUDE: [25, 25, -23, 31], DECLONGITUDE: [9, 83, -69, -41] });
    const df = await climateAtSites(sites, dir, { layers: ["bio1", "bio12", "prec_07", "tmin_01"] });
    for (const [i, [lat, lon]] of [[25, 9], [25, 83], [-23, -69]].entries()) {
      const c = syntheticClimate(lat!, lon!, relief(lat!, lon!));
      expect(df.row(i).slice(2)).toEqual([c.bio.bio1, c.bio.bio12, c.prec[6], c.tmin[0]].map(Math.fround));
    }
    expect(df.row(3).slice(2)).toEqual([null, null, null, null]);
    expect(df.getColumn("bio12").toArray()[0]).toBeLessThan(100);
    expect(climateLayersOf(df)!.getColumn("generated").toArray()).toEqual([true, true, true, true]);
    expect(diagnostics(df)!.notes.join("\n")).toMatch(/hold generated data \(the sandbox's synthetic climate\)/);
    expect(SANDBOX_CLIMATE_LABEL).toMatch(/^generated climate \(sandbox\)/);
  });

  it("lets two builds of one cache run at once: neither deletes the other's files, both return the whole set", async () => {
    // a second build starts while the first is writing (two notebooks or test workers on a fresh cache): before,
    // it deleted the first one's folder in progress, and the first then replaced the finished set and failed
    const shared = mkdtempSync(join(tmpdir(), "climate-race-"));
    try {
      let inner = "";
      const outer = sandboxClimate({
        cache: shared,
        minutes: 120,
        onProgress: (done) => void (done === 8 && !inner && (inner = sandboxClimate({ cache: shared, minutes: 120 }))),
      });
      expect(inner).toBe(outer);
      expect(readdirSync(outer).sort()).toEqual(sandboxClimateFiles("120m").sort());
      expect(readdirSync(shared)).toEqual([basename(outer)]); // no folder in progress left behind
      const df = await climateAtSites(pl.DataFrame({ DECLATITUDE: [25], DECLONGITUDE: [9] }), outer, { layers: ["bio12"] });
      expect(df.getColumn("bio12").toArray()[0]).toBe(Math.fround(syntheticClimate(25, 9, relief(25, 9)).bio.bio12));
    } finally {
      rmSync(shared, { recursive: true, force: true });
    }
  });

  it("removes a folder in progress that a killed build left an hour ago, and leaves a live one alone", () => {
    const shared = mkdtempSync(join(tmpdir(), "climate-stale-"));
    try {
      const name = basename(sandboxClimate({ cache: shared, minutes: 120 }));
      rmSync(join(shared, name), { recursive: true }); // the next call builds again
      const [old, live] = [`${name}.1-1.part`, `${name}.2-1.part`].map((p) => join(shared, p));
      for (const p of [old!, live!]) mkdirSync(p), writeFileSync(join(p, "wc2.1_120m_bio_1.tif"), "half a file");
      utimesSync(old!, new Date(Date.now() - 2 * 3_600_000), new Date(Date.now() - 2 * 3_600_000));
      sandboxClimate({ cache: shared, minutes: 120 });
      expect(readdirSync(shared).sort()).toEqual([name, basename(live!)]);
    } finally {
      rmSync(shared, { recursive: true, force: true });
    }
  });
});
