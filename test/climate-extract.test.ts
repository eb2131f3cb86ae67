/**
 * The cell rule and the GeoTIFF reader against terra::extract and gdallocationinfo (fixtures made by
 * scripts/peers/climate-extract.R: GDAL-written Float32 and Int16 files, DEFLATE and LZW, striped and tiled, points on
 * cell edges, on ±180 and ±90, outside, on no-data): 0 differing values.
 */
import { describe, expect, it } from "vitest";
import { bilinearValue, cellCentre, cellsFromXY, fourCellsFromXY } from "../src/climate/grid.ts";
import { closeRaster, openRaster, readCells } from "../src/climate/raster.ts";
import { differing, DIR, num, points, RASTERS, table, terra } from "./helpers/climate.ts";

describe("the cell rule and the reader against terra::extract(method = 'simple')", () => {
  for (const name of RASTERS) {
    it(`${name}: 0 differing values`, async () => {
      const r = await openRaster(`${DIR}/${name}.tif`);
      const { x, y } = points(name);
      const out = new Float64Array(x.length);
      await readCells(r, cellsFromXY(r.grid, x, y), out);
      await closeRaster(r);
      const t = terra(name);
      expect(x.length).toBeGreaterThan(2500);
      expect(t.simple.filter((v) => !Number.isNaN(v)).length).toBeGreaterThan(2400);
      expect(differing(out, t.simple)).toEqual([]);
    });
  }
});

describe("bilinear against terra::extract(method = 'bilinear')", () => {
  for (const name of RASTERS) {
    it(`${name}: 0 differing values (to 1e-12, the fixtures' 17 digits)`, async () => {
      const r = await openRaster(`${DIR}/${name}.tif`);
      const { x, y } = points(name);
      const four = fourCellsFromXY(r.grid, x, y);
      const v = new Float64Array(four.length);
      await readCells(r, four, v);
      await closeRaster(r);
      const out = new Float64Array(x.length);
      for (let i = 0; i < x.length; i++) {
        if (four[4 * i]! < 0) {
          out[i] = NaN;
          continue;
        }
        const [x1, y1] = cellCentre(r.grid, four[4 * i]!);
        const [x2] = cellCentre(r.grid, four[4 * i + 1]!);
        const [, y2] = cellCentre(r.grid, four[4 * i + 3]!);
        out[i] = bilinearValue(x[i]!, y[i]!, [x1, x2, y1, y2], [v[4 * i]!, v[4 * i + 1]!, v[4 * i + 2]!, v[4 * i + 3]!]);
      }
      expect(differing(out, terra(name).bilinear, 1e-12)).toEqual([]);
    });
  }
});

/** Whether a point lies on a cell edge (within 1e-9 of a cell): where GDAL's inverse geotransform and terra's rule part. */
function onEdge(g: { xmin: number; xmax: number; ymin: number; ymax: number; ncol: number; nrow: number }, x: number, y: number) {
  const px = (x - g.xmin) / ((g.xmax - g.xmin) / g.ncol);
  const py = (g.ymax - y) / ((g.ymax - g.ymin) / g.nrow);
  return Math.abs(px - Math.round(px)) < 1e-9 || Math.abs(py - Math.round(py)) < 1e-9;
}

/** docs/climate.md: points on cell edges where GDAL picks another cell than terra (10' grid: 1/6 is not a binary fraction). */
const GDAL_EDGE_DIFFERENCES: Record<string, number> = {
  "g10-f32-deflate-tiled": 0,
  "g5-i16-lzw-striped": 0,
  "r025-f32-lzw-tiled": 0,
  "r10m-i16-deflate-striped": 145,
};

describe("the reader against gdallocationinfo -valonly -geoloc (GDAL's own reading of the cells, no-data shown raw)", () => {
  for (const name of RASTERS) {
    it(`${name}: the same raw value at every point off the cell edges; on edges, the differences docs/climate.md counts`, async () => {
      const raw = await openRaster(`${DIR}/${name}.tif`);
      raw.noData = null; // GDAL prints the no-data flag as a value
      const g = raw.grid;
      const { x, y } = points(name);
      const gdal = Float64Array.from(table(`${name}.gdal.csv`), (row) => num(row[1] ?? ""));
      const out = new Float64Array(x.length);
      await readCells(raw, cellsFromXY(g, x, y), out);
      await closeRaster(raw);
      const f = raw.dataType === "Float32" ? Math.fround : (v: number) => v;
      const compared = [...gdal.keys()].filter((i) => !Number.isNaN(gdal[i]!));
      const diff = compared.filter((i) => out[i] !== f(gdal[i]!));
      expect(compared.length).toBeGreaterThan(2500);
      expect(diff.filter((i) => !onEdge(g, x[i]!, y[i]!))).toEqual([]);
      expect(diff.length).toBe(GDAL_EDGE_DIFFERENCES[name]);
    });
  }
});
