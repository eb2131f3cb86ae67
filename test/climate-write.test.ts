/**
 * The GeoTIFF writer for generated layers: what it writes reads back through the reader (npm geotiff) cell for cell,
 * striped Int16 with the predictor and tiled Float32, with GDAL's no-data and metadata. (GDAL 3.6 and terra 1.7 read the
 * same files: checked when the writer was made, `gdalinfo -stats` and `terra::extract`, see docs/climate.md.)
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { writeGeoTiff } from "../src/climate/geotiff-write.ts";
import { closeRaster, openRaster, readCells } from "../src/climate/raster.ts";

const tmp = mkdtempSync(join(tmpdir(), "climate-write-"));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));
const grid = { xmin: -20, xmax: 55, ymin: -35, ymax: 38, ncol: 150, nrow: 73 };
const f = (r: number, c: number) => Math.round(100 * Math.sin(c / 20) + 50 * Math.cos(r / 10));
const fill = (nd: number) => (row0: number, rows: number, out: Int16Array | Float32Array) => {
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < grid.ncol; c++) {
      out[r * grid.ncol + c] = (r + row0) % 17 === 3 && c % 11 === 0 ? nd : f(r + row0, c) + 0.25 * (out instanceof Float32Array ? 1 : 0);
    }
  }
};

describe("writeGeoTiff()", () => {
  for (
    const [label, dataType, tileWidth, nd] of [["striped Int16", "Int16", undefined, -32768], [
      "tiled Float32",
      "Float32",
      32,
      -9999,
    ]] as const
  ) {
    it(`${label}: every cell reads back, no-data as NaN, metadata kept`, async () => {
      const file = join(tmp, `${label.replace(" ", "-")}.tif`);
      writeGeoTiff(file, {
        grid,
        dataType,
        noData: nd,
        blockHeight: 16,
        tileWidth,
        fill: fill(nd),
        metadata: { DESCRIPTION: "generated data °C" },
      });
      const r = await openRaster(file);
      expect(r.grid).toEqual(grid);
      expect([r.dataType, r.noData, r.tiled, r.metadata.DESCRIPTION]).toEqual([dataType, nd, tileWidth !== undefined, "generated data °C"]);
      const cells = Float64Array.from({ length: grid.ncol * grid.nrow }, (_, i) => i);
      const out = new Float64Array(cells.length);
      await readCells(r, cells, out);
      await closeRaster(r);
      const want = Float64Array.from(cells, (i) => {
        const row = Math.floor(i / grid.ncol);
        const col = i % grid.ncol;
        return row % 17 === 3 && col % 11 === 0 ? NaN : f(row, col) + (dataType === "Float32" ? 0.25 : 0);
      });
      expect(out).toEqual(want);
    });
  }
});
