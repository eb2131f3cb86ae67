/**
 * terra's cell rules, written once (terra's src/spatRaster.cpp cellFromXY and src/extract.cpp fourCellsFromXY and
 * bilinearInt, the same in terra 1.7-3 as in 1.9), with the same floating-point operations in the same order, so that
 * a point lands in the same cell as `terra::extract` puts it, to the last bit:
 * - column floor((x − xmin) × ncol / (xmax − xmin)) for xmin ≤ x < xmax, and x == xmax in the last column;
 * - row floor((ymax − y) × nrow / (ymax − ymin)) for ymin < y ≤ ymax, and y == ymin in the last row;
 * - anything else (and a missing coordinate) in no cell. A point on a cell edge goes to the cell east or south of it.
 * Longitudes are not wrapped: terra gives NA for x = 190 on a −180…180 raster, and so does this.
 */

/** A raster's grid as terra holds it: the extent and the number of columns and rows. */
export interface Grid {
  xmin: number;
  xmax: number;
  ymin: number;
  ymax: number;
  ncol: number;
  nrow: number;
}

/** The grid of a north-up raster from its GDAL geotransform origin and pixel size, as terra computes the extent. */
export function gridFrom(originX: number, originY: number, pixelX: number, pixelY: number, ncol: number, nrow: number): Grid {
  let xmin = originX;
  let xmax = xmin + pixelX * ncol;
  if (xmin > xmax) [xmin, xmax] = [xmax, xmin];
  let ymax = originY;
  let ymin = ymax + nrow * pixelY;
  if (pixelY > 0) [ymin, ymax] = [ymax, ymin];
  return { xmin, xmax, ymin, ymax, ncol, nrow };
}

/** Whether two grids are the same (the same extent and cell count, exactly). */
export function sameGrid(a: Grid, b: Grid): boolean {
  return a.xmin === b.xmin && a.xmax === b.xmax && a.ymin === b.ymin && a.ymax === b.ymax && a.ncol === b.ncol && a.nrow === b.nrow;
}

/** Cell numbers (row × ncol + col, from 0) of points, −1 for a point in no cell: terra's cellFromXY. */
export function cellsFromXY(g: Grid, x: ArrayLike<number>, y: ArrayLike<number>): Float64Array {
  const out = new Float64Array(x.length);
  const yrInv = g.nrow / (g.ymax - g.ymin);
  const xrInv = g.ncol / (g.xmax - g.xmin);
  for (let i = 0; i < x.length; i++) {
    const xi = x[i]!;
    const yi = y[i]!;
    if (Number.isNaN(xi) || Number.isNaN(yi)) {
      out[i] = -1;
      continue;
    }
    const row = yi === g.ymin ? g.nrow - 1 : Math.floor((g.ymax - yi) * yrInv);
    const col = xi === g.xmax ? g.ncol - 1 : Math.floor((xi - g.xmin) * xrInv);
    out[i] = row < 0 || row >= g.nrow || col < 0 || col >= g.ncol ? -1 : row * g.ncol + col;
  }
  return out;
}

/** The nearer neighbour index pair along one axis (terra's fourCellsFromXY): [first, second]. */
function pair(p: number, max: number): [number, number] {
  const a = Math.trunc(p);
  if (p - a > 0.5) return [a, a === max ? max : a + 1];
  return [a === 0 ? 0 : a - 1, a];
}

/**
 * The four cells around each point for bilinear interpolation, 4 per point (r1c1, r1c2, r2c1, r2c2), −1 × 4 for a
 * point off the raster: terra's fourCellsFromXY.
 */
export function fourCellsFromXY(g: Grid, x: ArrayLike<number>, y: ArrayLike<number>): Float64Array {
  const out = new Float64Array(4 * x.length).fill(-1);
  const xr = (g.xmax - g.xmin) / g.ncol;
  const yr = (g.ymax - g.ymin) / g.nrow;
  for (let i = 0; i < x.length; i++) {
    const xi = x[i]!;
    const yi = y[i]!;
    if (Number.isNaN(xi) || Number.isNaN(yi) || yi < g.ymin || yi > g.ymax || xi < g.xmin || xi > g.xmax) continue;
    const [r1, r2] = yi === g.ymin ? [g.nrow - 1, g.nrow - 1] : pair((g.ymax - yi) / yr, g.nrow - 1);
    const [c1, c2] = xi === g.xmax ? [g.ncol - 1, g.ncol - 1] : pair((xi - g.xmin) / xr, g.ncol - 1);
    out[4 * i] = r1 * g.ncol + c1;
    out[4 * i + 1] = r1 * g.ncol + c2;
    out[4 * i + 2] = r2 * g.ncol + c1;
    out[4 * i + 3] = r2 * g.ncol + c2;
  }
  return out;
}

/** Cell centres' coordinates as terra's xyFromCell computes them. */
export function cellCentre(g: Grid, cell: number): [number, number] {
  const row = Math.floor(cell / g.ncol);
  const col = cell - row * g.ncol;
  return [g.xmin + (col + 0.5) * ((g.xmax - g.xmin) / g.ncol), g.ymax - (row + 0.5) * ((g.ymax - g.ymin) / g.nrow)];
}

/** Four numbers: cell-centre coordinates x1, x2, y1, y2, or the values v11, v12, v21, v22. */
type Quad = readonly [number, number, number, number];

/**
 * terra's bilinearInt (weights = false): the value at (x, y) from the four cells' values v11 (r1c1), v12 (r1c2),
 * v21 (r2c1), v22 (r2c2) with `centres` x1, x2 (columns) and y1, y2 (rows); missing neighbours (NaN) are left out the
 * way terra leaves them out, NaN when all four are missing.
 */
export function bilinearValue(x: number, y: number, centres: Quad, v: Quad): number {
  const [x1, x2, y1, y2] = centres;
  const [v11, v12, v21] = v;
  const [n1, n2, n3, n4] = v.map(Number.isNaN) as [boolean, boolean, boolean, boolean];
  const dx = x2 - x1;
  const dy = y1 - y2;
  if (Number.isNaN(x) || Number.isNaN(y) || (n1 && n2 && n3 && n4)) return NaN;
  if (dx > 0 && dy > 0) return both(x, y, centres, v, [n1, n2, n3, n4]);
  if (dx > 0) {
    if (!(n1 || n2)) return v11 * (x2 - x) / dx + v12 * (x - x1) / dx + 0 + 0;
    return !n1 ? v11 + 0 + 0 + 0 : !n2 ? 0 + v12 + 0 + 0 : NaN;
  }
  if (dy > 0) {
    if (!(n1 || n3)) return v11 * (y - y2) / dy + 0 + v21 * (y1 - y) / dy + 0;
    return !n1 ? v11 + 0 + 0 + 0 : !n3 ? 0 + 0 + v21 + 0 : NaN;
  }
  return v11 + 0 + 0 + 0;
}

/** bilinearInt's case of two distinct columns and rows: each pattern of missing neighbours as terra weighs it. */
function both(x: number, y: number, [x1, x2, y1, y2]: Quad, [v11, v12, v21, v22]: Quad, [n1, n2, n3, n4]: readonly boolean[]): number {
  const dx = x2 - x1;
  const dy = y1 - y2;
  const d = dx * dy;
  const w = (v: number, a: number, b: number) => v * (a * b) / d;
  if (!(n1 || n2 || n3 || n4)) return w(v11, x2 - x, y - y2) + w(v12, x - x1, y - y2) + w(v21, x2 - x, y1 - y) + w(v22, x - x1, y1 - y);
  if (!(n1 || n2 || n3)) return w(v11, x2 - x, y - y2) + w(v12, x - x1, y - y2) + v21 * (y1 - y) / dy + 0;
  if (!(n1 || n2 || n4)) return w(v11, x2 - x, y - y2) + w(v12, x - x1, y - y2) + 0 + v22 * (y1 - y) / dy;
  if (!(n1 || n3 || n4)) return v11 * (y - y2) / dy + 0 + w(v21, x2 - x, y1 - y) + w(v22, x - x1, y1 - y);
  if (!(n2 || n3 || n4)) return 0 + v12 * (y - y2) / dy + w(v21, x2 - x, y1 - y) + w(v22, x - x1, y1 - y);
  if (!(n1 || n2)) return v11 * (x2 - x) / dx + v12 * (x - x1) / dx + 0 + 0;
  if (!(n1 || n3)) return v11 * (y - y2) / dy + 0 + v21 * (y1 - y) / dy + 0;
  if (!(n1 || n4)) return v11 * (y - y2) / dy + 0 + 0 + v22 * (y1 - y) / dy;
  if (!(n2 || n3)) return 0 + v12 * (y - y2) / dy + v21 * (y1 - y) / dy + 0;
  if (!(n2 || n4)) return 0 + v12 * (y - y2) / dy + 0 + v22 * (y1 - y) / dy;
  if (!(n3 || n4)) return 0 + 0 + v21 * (x2 - x) / dx + v22 * (x - x1) / dx;
  return !n1 ? v11 + 0 + 0 + 0 : !n2 ? 0 + v12 + 0 + 0 : !n3 ? 0 + 0 + v21 + 0 : 0 + 0 + 0 + v22;
}
