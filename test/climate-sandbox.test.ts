/**
 * The sandbox's climate GeoTIFFs (GENERATED DATA): named like WorldClim 2.1's, labelled as generated in their metadata,
 * land only, and holding syntheticClimate() at each cell centre; climateAtSites() reads them like real WorldClim files.
 * A coarse 2° set here (the sandbox's own is 10′).
 */
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pl from "nodejs-polars";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { climateAtSites, climateLayersOf } from "../src/climate/sites.ts";
import { syntheticClimate, syntheticElevation } from "../src/climate/synthetic.ts";
import { diagnostics } from "../src/kernel/diagnostics.ts";
import { SANDBOX_CLIMATE_LABEL, sandboxClimate, sandboxClimateFiles } from "../src/sandbox/climate.ts";

const cache = mkdtempSync(join(tmpdir(), "climate-sandbox-"));
let dir = "";
beforeAll(() => {
  dir = sandboxClimate({ cache, minutes: 120 });
}, 120_000);
afterAll(() => rmSync(cache, { recursive: true, force: true }));

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
      const c = syntheticClimate(lat!, lon!, syntheticElevation(lat!, lon!));
      expect(df.row(i).slice(2)).toEqual([c.bio.bio1, c.bio.bio12, c.prec[6], c.tmin[0]].map(Math.fround));
    }
    expect(df.row(3).slice(2)).toEqual([null, null, null, null]);
    expect(df.getColumn("bio12").toArray()[0]).toBeLessThan(100);
    expect(climateLayersOf(df)!.getColumn("generated").toArray()).toEqual([true, true, true, true]);
    expect(diagnostics(df)!.notes.join("\n")).toMatch(/hold generated data \(the sandbox's synthetic climate\)/);
    expect(SANDBOX_CLIMATE_LABEL).toMatch(/^generated climate \(sandbox\)/);
  });
});
