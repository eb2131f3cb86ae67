/**
 * A small GeoTIFF writer for generated layers (the sandbox's synthetic climate, test and bench rasters): one band,
 * Int16 or Float32, DEFLATE (fflate), horizontal predictor for Int16, in strips or tiles, geographic WGS 84 (EPSG:4326),
 * GDAL's no-data and metadata tags, written block by block so that a 30-arc-second global layer never sits in memory.
 * GDAL, terra and npm geotiff read what it writes (test/climate-write.test.ts).
 */
import { closeSync, openSync, writeSync } from "node:fs";
import { zlibSync } from "fflate";
import type { Grid } from "./grid.ts";

export interface WriteGeoTiffOptions {
  grid: Grid;
  dataType: "Int16" | "Float32";
  /** GDAL_NODATA; null for none. */
  noData: number | null;
  /**
   * Fills `out` (row-major, `grid.ncol` wide) with rows `row0` … `row0 + rows − 1`; called once per band of blocks,
   * top to bottom.
   */
  fill: (row0: number, rows: number, out: Int16Array | Float32Array) => void;
  /** Rows per strip, or the tile height when `tileWidth` is given. Default 16. */
  blockHeight?: number;
  /** Write tiles of this width (a multiple of 16) instead of strips. */
  tileWidth?: number;
  /** GDAL dataset metadata items, e.g. { DESCRIPTION: "generated data" }. */
  metadata?: Record<string, string>;
  /** DEFLATE level 1–9 (default 6). */
  level?: number;
}

const SHORT = 3;
const LONG = 4;
const DOUBLE = 12;
const ASCII = 2;
type Entry = [tag: number, type: number, values: number[] | Uint8Array];
const ascii = (s: string) => new TextEncoder().encode(`${s}\0`);

const xml = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/** Writes a GeoTIFF; returns its size in bytes. */
export function writeGeoTiff(path: string, o: WriteGeoTiffOptions): number {
  const w = new GeoTiffWriter(path, o);
  try {
    const bh = o.blockHeight ?? 16;
    for (let row0 = 0; row0 < o.grid.nrow; row0 += bh) {
      const band = w.band();
      o.fill(row0, Math.min(bh, o.grid.nrow - row0), band);
      w.writeBand();
    }
    return w.close();
  } catch (e) {
    w.abort();
    throw e;
  }
}

/**
 * The same, band by band, for a caller that fills several files at once (the sandbox computes 67 layers per cell):
 * `band()` gives the next band's buffer (blockHeight rows, pre-filled with no-data), `writeBand()` compresses and writes
 * it, `close()` writes the directory.
 */
export class GeoTiffWriter {
  private fd: number;
  private at = 8;
  private row0 = 0;
  private readonly offsets: number[] = [];
  private readonly counts: number[] = [];
  private readonly buffer: Int16Array | Float32Array;
  private readonly bh: number;

  constructor(private readonly path: string, private readonly o: Omit<WriteGeoTiffOptions, "fill">) {
    this.bh = o.blockHeight ?? 16;
    this.buffer = o.dataType === "Int16" ? new Int16Array(o.grid.ncol * this.bh) : new Float32Array(o.grid.ncol * this.bh);
    this.fd = openSync(path, "w");
    writeSync(this.fd, new Uint8Array([0x49, 0x49, 42, 0, 0, 0, 0, 0]), 0, 8, 0);
  }

  /** The next band's rows (row-major, grid.ncol wide), filled with no-data. */
  band(): Int16Array | Float32Array {
    const rows = Math.min(this.bh, this.o.grid.nrow - this.row0);
    return this.buffer.fill(this.o.noData ?? 0).subarray(0, this.o.grid.ncol * rows);
  }

  /** Compresses and writes the band `band()` gave. */
  writeBand(): void {
    const { grid, tileWidth } = this.o;
    const rows = Math.min(this.bh, grid.nrow - this.row0);
    const bytes = this.o.dataType === "Int16" ? 2 : 4;
    for (const block of blocksOf(this.buffer, grid.ncol, tileWidth ? this.bh : rows, tileWidth ?? grid.ncol)) {
      const z = zlibSync(new Uint8Array(block.buffer, block.byteOffset, block.length * bytes), { level: (this.o.level ?? 6) as 6 });
      writeSync(this.fd, z, 0, z.length, this.at);
      this.offsets.push(this.at);
      this.counts.push(z.length);
      this.at += z.length;
    }
    this.row0 += rows;
  }

  /** Writes the directory and closes the file; returns its size. */
  close(): number {
    if (this.row0 < this.o.grid.nrow) throw new Error(`${this.path}: ${this.row0} of ${this.o.grid.nrow} rows written`);
    this.at += this.at % 2;
    const ifd = encodeIfd(tags(this.o, this.bh, this.o.tileWidth ?? this.o.grid.ncol, this.offsets, this.counts), this.at);
    writeSync(this.fd, ifd, 0, ifd.length, this.at);
    const head = new DataView(new ArrayBuffer(4));
    head.setUint32(0, this.at, true);
    writeSync(this.fd, new Uint8Array(head.buffer), 0, 4, 4);
    closeSync(this.fd);
    return this.at + ifd.length;
  }

  /** Closes the file without finishing it (the caller removes it). */
  abort(): void {
    try {
      closeSync(this.fd);
    } catch { /* closed */ }
  }
}

/** The strip, or the tiles (padded to full width with the band's fill), of one band of rows; Int16 with the predictor. */
function* blocksOf(band: Int16Array | Float32Array, ncol: number, rows: number, tw: number): Generator<Int16Array | Float32Array> {
  const int = band instanceof Int16Array;
  for (let left = 0; left < ncol; left += tw) {
    const block = int ? new Int16Array(tw * rows) : new Float32Array(tw * rows);
    for (let r = 0; r < rows; r++) {
      const width = Math.min(tw, ncol - left);
      block.set(band.subarray(r * ncol + left, r * ncol + left + width), r * tw);
      if (width < tw) block.fill(band[r * ncol + left + width - 1]!, r * tw + width, (r + 1) * tw);
      if (int) { for (let c = tw - 1; c > 0; c--) block[r * tw + c] = block[r * tw + c]! - block[r * tw + c - 1]!; }
    }
    yield block;
  }
}

function tags(o: Omit<WriteGeoTiffOptions, "fill">, bh: number, tw: number, offsets: number[], counts: number[]): Entry[] {
  const { grid } = o;
  const tiled = o.tileWidth !== undefined;
  const xres = (grid.xmax - grid.xmin) / grid.ncol;
  const yres = (grid.ymax - grid.ymin) / grid.nrow;
  const meta = Object.entries(o.metadata ?? {}).map(([k, v]) => `  <Item name="${xml(k)}">${xml(v)}</Item>\n`).join("");
  const entries: Entry[] = [
    [256, LONG, [grid.ncol]],
    [257, LONG, [grid.nrow]],
    [258, SHORT, [o.dataType === "Int16" ? 16 : 32]],
    [259, SHORT, [8]],
    [262, SHORT, [1]],
    [tiled ? 324 : 273, LONG, offsets],
    [277, SHORT, [1]],
    [tiled ? 325 : 279, LONG, counts],
    [284, SHORT, [1]],
    [317, SHORT, [o.dataType === "Int16" ? 2 : 1]],
    [339, SHORT, [o.dataType === "Int16" ? 2 : 3]],
    [33550, DOUBLE, [xres, yres, 0]],
    [33922, DOUBLE, [0, 0, 0, grid.xmin, grid.ymax, 0]],
    [34735, SHORT, [1, 1, 0, 3, 1024, 0, 1, 2, 1025, 0, 1, 1, 2048, 0, 1, 4326]],
  ];
  if (tiled) entries.push([322, LONG, [tw]], [323, LONG, [bh]]);
  else entries.push([278, LONG, [bh]]);
  if (meta) entries.push([42112, ASCII, ascii(`<GDALMetadata>\n${meta}</GDALMetadata>`)]);
  if (o.noData !== null) entries.push([42113, ASCII, ascii(String(o.noData))]);
  return entries.sort((a, b) => a[0] - b[0]);
}

/** The IFD (and the values that do not fit in an entry, after it) for a file position. */
function encodeIfd(entries: Entry[], at: number): Uint8Array {
  const size = (e: Entry) => e[2].length * (e[1] === ASCII ? 1 : e[1] === SHORT ? 2 : e[1] === LONG ? 4 : 8);
  const head = 2 + entries.length * 12 + 4;
  const extra = entries.reduce((s, e) => s + (size(e) > 4 ? size(e) + (size(e) % 2) : 0), 0);
  const view = new DataView(new ArrayBuffer(head + extra));
  view.setUint16(0, entries.length, true);
  let spill = head;
  entries.forEach((e, i) => {
    const p = 2 + i * 12;
    const [tag, type, values] = e;
    const n = values.length;
    view.setUint16(p, tag, true);
    view.setUint16(p + 2, type, true);
    view.setUint32(p + 4, n, true);
    const where = size(e) > 4 ? spill : p + 8;
    if (size(e) > 4) {
      view.setUint32(p + 8, at + spill, true);
      spill += size(e) + (size(e) % 2);
    }
    for (let k = 0; k < n; k++) {
      if (type === ASCII) view.setUint8(where + k, values[k]!);
      else if (type === SHORT) view.setUint16(where + 2 * k, values[k]!, true);
      else if (type === LONG) view.setUint32(where + 4 * k, values[k]!, true);
      else view.setFloat64(where + 8 * k, values[k]!, true);
    }
  });
  view.setUint32(head - 4, 0, true);
  return new Uint8Array(view.buffer);
}
