/**
 * One GeoTIFF layer, read with npm `geotiff` (striped and tiled, DEFLATE, LZW, packbits, predictors, GDAL no-data):
 * only the strips or tiles that hold requested cells are read and decoded, one block at a time (a few in flight),
 * straight into typed arrays, so memory does not grow with the raster. The file is checked when opened: a GeoTIFF,
 * one band, north-up, every block inside the file (a cut file is an error naming it, not a column of nulls).
 */
import { statSync } from "node:fs";
import { fromFile, type GeoTIFF, type GeoTIFFImage, getDecoder } from "geotiff";
import { GenesysInputError } from "../kernel/errors.ts";
import { type Grid, gridFrom } from "./grid.ts";

/** An opened layer: its grid, data type, no-data value and block layout. */
export interface Raster {
  file: string;
  grid: Grid;
  /** GDAL-style data type: Int16, Float32… */
  dataType: string;
  /** The GDAL_NODATA value, or null. */
  noData: number | null;
  /** Strip or tile size in cells. */
  blockWidth: number;
  blockHeight: number;
  tiled: boolean;
  /** The file's GDAL metadata items (dataset level), e.g. the sandbox's "generated data" label. */
  metadata: Record<string, string>;
  tiff: GeoTIFF;
  image: GeoTIFFImage;
  decoder: Awaited<ReturnType<typeof getDecoder>>;
}

const fail = (file: string, message: string, hint: string, cause?: unknown): never => {
  throw new GenesysInputError(`${file}: ${message}`, { endpoint: "climateAtSites()", hint, ...(cause ? { cause } : {}) });
};

const TYPES: Record<string, string> = { "1:8": "Byte", "2:8": "Int8", "1:16": "UInt16", "2:16": "Int16", "1:32": "UInt32" };
Object.assign(TYPES, { "2:32": "Int32", "3:32": "Float32", "3:64": "Float64" });

/** Opens and checks a GeoTIFF layer. */
export async function openRaster(file: string): Promise<Raster> {
  let size: number;
  try {
    size = statSync(file).size;
  } catch (e) {
    return fail(file, "cannot read this file", "check the path (a missing layer is never left out quietly)", e);
  }
  let tiff: GeoTIFF | undefined;
  try {
    tiff = await fromFile(file);
    const image = await tiff.getImage();
    const raster = await describe(file, tiff, image);
    await checkComplete(raster, size);
    return raster;
  } catch (e) {
    await tiff?.close();
    if (e instanceof GenesysInputError) throw e;
    return fail(
      file,
      `is not a readable GeoTIFF (${(e as Error).message})`,
      "download it again, or convert it: gdal_translate in.xxx out.tif",
      e,
    );
  }
}

async function describe(file: string, tiff: GeoTIFF, image: GeoTIFFImage): Promise<Raster> {
  const fd = image.fileDirectory;
  if (image.getSamplesPerPixel() !== 1) {
    fail(
      file,
      `has ${image.getSamplesPerPixel()} bands; climateAtSites() reads one band per file`,
      "split it: gdal_translate -b 1 in.tif out.tif",
    );
  }
  const transform = fd.getValue("ModelTransformation") as number[] | undefined;
  if (transform && (transform[1] !== 0 || transform[4] !== 0)) fail(file, "is rotated", "warp it north-up first: gdalwarp in.tif out.tif");
  let origin: number[];
  let res: number[];
  try {
    origin = image.getOrigin();
    res = image.getResolution();
  } catch (e) {
    return fail(file, "has no georeference (no tie point or transformation)", "give it one: gdal_translate -a_ullr … -a_srs EPSG:4326", e);
  }
  const [px, py] = [res[0]!, res[1]!];
  // GDAL shifts a PixelIsPoint raster by half a cell so that the tie point is a cell's centre
  const shift = image.pixelIsArea() ? [0, 0] : [px / 2, py / 2];
  const grid = gridFrom(origin[0]! - shift[0]!, origin[1]! - shift[1]!, px, py, image.getWidth(), image.getHeight());
  const dataType = TYPES[`${image.getSampleFormat()}:${image.getBitsPerSample()}`] ??
    fail(file, `holds ${image.getBitsPerSample()}-bit samples of format ${image.getSampleFormat()}`, "convert it to Int16 or Float32");
  const params = {
    tileWidth: image.getTileWidth(),
    tileHeight: image.getTileHeight(),
    planarConfiguration: 1,
    bitsPerSample: image.getBitsPerSample(),
    predictor: (await fd.loadValue("Predictor") as number | undefined) ?? 1,
  };
  const decoder = await getDecoder((fd.getValue("Compression") as number | undefined) ?? 1, params);
  const meta = await image.getGDALMetadata(null) ?? {};
  const metadata = Object.fromEntries(Object.entries(meta).map(([k, v]) => [k, String(v)]));
  return {
    file,
    grid,
    dataType,
    noData: image.getGDALNoData(),
    blockWidth: params.tileWidth,
    blockHeight: params.tileHeight,
    tiled: image.isTiled,
    metadata,
    tiff,
    image,
    decoder,
  };
}

/** A cut or padded file: every strip or tile must end inside the file. */
async function checkComplete(r: Raster, size: number): Promise<void> {
  const fd = r.image.fileDirectory;
  const offsets = await fd.loadValue(r.tiled ? "TileOffsets" : "StripOffsets") as ArrayLike<number | bigint>;
  const counts = await fd.loadValue(r.tiled ? "TileByteCounts" : "StripByteCounts") as ArrayLike<number | bigint>;
  let end = 0;
  for (let i = 0; i < offsets.length; i++) end = Math.max(end, Number(offsets[i]!) + Number(counts[i]!));
  if (end > size) {
    fail(
      r.file,
      `is cut: its last block ends at byte ${end.toLocaleString("en")} but the file has ${size.toLocaleString("en")} bytes`,
      "the download or copy stopped early: fetch the file again (worldclimDownload() resumes and checks)",
    );
  }
}

/** Closes the layer's file. */
export async function closeRaster(r: Raster): Promise<void> {
  await r.tiff.close();
}

const ARRAYS = {
  Byte: Uint8Array,
  Int8: Int8Array,
  UInt16: Uint16Array,
  Int16: Int16Array,
  UInt32: Uint32Array,
  Int32: Int32Array,
  Float32: Float32Array,
  Float64: Float64Array,
} as const;

/**
 * The values of cells (numbers from 0, row-major; −1 for none) into `out` (NaN for none, no-data, or NaN in the file).
 * Reads only the blocks that hold a requested cell, at most `inFlight` at once.
 */
export async function readCells(r: Raster, cells: Float64Array, out: Float64Array, inFlight = 4): Promise<void> {
  const { ncol } = r.grid;
  const perRow = Math.ceil(ncol / r.blockWidth);
  const blockOf = (cell: number) => {
    const row = Math.floor(cell / ncol);
    return Math.floor(row / r.blockHeight) * perRow + Math.floor((cell - row * ncol) / r.blockWidth);
  };
  const order = byBlock(cells, blockOf);
  out.fill(NaN);
  const Array_ = ARRAYS[r.dataType as keyof typeof ARRAYS];
  const nd = r.noData;
  const nd32 = nd === null ? null : r.dataType === "Float32" ? Math.fround(nd) : nd;
  const read = async (from: number, to: number) => {
    const block = blockOf(cells[order[from]!]!);
    const bx = block % perRow;
    const by = (block - bx) / perRow;
    const tile = await r.image.getTileOrStrip(bx, by, 0, r.decoder);
    const values = new Array_(tile.data as ArrayBuffer);
    const top = by * r.blockHeight;
    const left = bx * r.blockWidth;
    for (let k = from; k < to; k++) {
      const i = order[k]!;
      const cell = cells[i]!;
      const row = Math.floor(cell / ncol);
      const v = values[(row - top) * r.blockWidth + (cell - row * ncol - left)]!;
      out[i] = v === nd || v === nd32 ? NaN : v;
    }
  };
  const runs = blockRuns(cells, order, blockOf);
  for (let k = 0; k < runs.length; k += inFlight) {
    await Promise.all(runs.slice(k, k + inFlight).map(([a, b]) => read(a, b)));
  }
}

/** The indexes of the cells that are not −1, sorted by block (a counting sort). */
function byBlock(cells: Float64Array, blockOf: (cell: number) => number): Uint32Array {
  const blocks = new Map<number, number>();
  let n = 0;
  for (let i = 0; i < cells.length; i++) {
    if (cells[i]! < 0) continue;
    const b = blockOf(cells[i]!);
    blocks.set(b, (blocks.get(b) ?? 0) + 1);
    n++;
  }
  const start = new Map<number, number>();
  let at = 0;
  for (const b of [...blocks.keys()].sort((a, c) => a - c)) {
    start.set(b, at);
    at += blocks.get(b)!;
  }
  const order = new Uint32Array(n);
  for (let i = 0; i < cells.length; i++) {
    if (cells[i]! < 0) continue;
    const b = blockOf(cells[i]!);
    const s = start.get(b)!;
    order[s] = i;
    start.set(b, s + 1);
  }
  return order;
}

/** [from, to) ranges of `order` that share a block. */
function blockRuns(cells: Float64Array, order: Uint32Array, blockOf: (cell: number) => number): [number, number][] {
  const runs: [number, number][] = [];
  let from = 0;
  for (let k = 1; k <= order.length; k++) {
    if (k === order.length || blockOf(cells[order[k]!]!) !== blockOf(cells[order[from]!]!)) {
      runs.push([from, k]);
      from = k;
    }
  }
  return runs;
}
