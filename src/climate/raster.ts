/**
 * One GeoTIFF layer, read with npm `geotiff` (striped and tiled, DEFLATE, LZW, packbits, predictors, GDAL no-data):
 * only the strips or tiles that hold requested cells are read (neighbours in one request) and decoded, one at a time,
 * straight into typed arrays, so memory does not grow with the raster. The file is checked when opened: a GeoTIFF,
 * one band, north-up, every block inside the file (a cut file is an error naming it, not a column of nulls).
 */
import { statSync } from "node:fs";
import { type FileHandle, open } from "node:fs/promises";
import type { GeoTIFF, GeoTIFFImage, getDecoder } from "geotiff";

/** npm geotiff, loaded on the first raster opened (importing the package costs about 6 MB of memory). */
const geotiff = () => import("geotiff");
import { GenesysInputError } from "../kernel/errors.ts";
import { type Grid, gridFrom } from "./grid.ts";
import { deflateDecoder } from "./inflate.ts";

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
  /** Byte offset and length of every strip or tile, in the file's order. */
  offsets: Float64Array;
  counts: Float64Array;
  tiff: GeoTIFF;
  image: GeoTIFFImage;
  file_: FileHandle;
  decoder: Awaited<ReturnType<typeof getDecoder>>;
  /** DEFLATE through the runtime's zlib, when the layer is DEFLATE-compressed. */
  inflate?: (bytes: Uint8Array) => ArrayBuffer;
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
    tiff = await (await geotiff()).fromFile(file);
    const image = await tiff.getImage();
    const raster = await describe(file, tiff, image);
    await checkComplete(raster, size);
    raster.file_ = await open(file, "r");
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
  const compression = (fd.getValue("Compression") as number | undefined) ?? 1;
  const decoder = await (await geotiff()).getDecoder(compression, params);
  const inflate = deflateDecoder(compression, params.predictor, params.bitsPerSample, params.tileWidth);
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
    offsets: new Float64Array(0),
    counts: new Float64Array(0),
    tiff,
    image,
    file_: undefined as unknown as FileHandle,
    decoder,
    ...(inflate ? { inflate } : {}),
  };
}

/** A cut or padded file: every strip or tile must end inside the file. */
async function checkComplete(r: Raster, size: number): Promise<void> {
  const fd = r.image.fileDirectory;
  const offsets = await fd.loadValue(r.tiled ? "TileOffsets" : "StripOffsets") as ArrayLike<number | bigint>;
  const counts = await fd.loadValue(r.tiled ? "TileByteCounts" : "StripByteCounts") as ArrayLike<number | bigint>;
  r.offsets = Float64Array.from(offsets as ArrayLike<number>, Number);
  r.counts = Float64Array.from(counts as ArrayLike<number>, Number);
  let end = 0;
  for (let i = 0; i < offsets.length; i++) end = Math.max(end, r.offsets[i]! + r.counts[i]!);
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
  await Promise.all([r.tiff.close(), r.file_?.close()]);
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

/** Which cells fall in which block: the cells' indexes sorted by block, and [from, to, block] runs over that order. */
export interface ReadPlan {
  order: Uint32Array;
  /** For each entry of `order`, the cell's place in its block. */
  pos: Int32Array;
  runs: Int32Array;
}

/** Sorts the cells (−1: none) by the block that holds them, for a layout of blocks (a counting sort). */
export function planReads(cells: Float64Array, ncol: number, nrow: number, blockWidth: number, blockHeight: number): ReadPlan {
  const perRow = Math.ceil(ncol / blockWidth);
  const blocks = perRow * Math.ceil(nrow / blockHeight);
  const blockOf = new Int32Array(cells.length);
  const count = new Int32Array(blocks + 1);
  let n = 0;
  for (let i = 0; i < cells.length; i++) {
    const cell = cells[i]!;
    if (cell < 0) {
      blockOf[i] = -1;
      continue;
    }
    const row = Math.floor(cell / ncol);
    const b = Math.floor(row / blockHeight) * perRow + Math.floor((cell - row * ncol) / blockWidth);
    blockOf[i] = b;
    count[b + 1]!++;
    n++;
  }
  const runs: number[] = [];
  for (let b = 0; b < blocks; b++) {
    if (count[b + 1]! > 0) runs.push(count[b]!, count[b]! + count[b + 1]!, b);
    count[b + 1]! += count[b]!;
  }
  const order = new Uint32Array(n);
  const pos = new Int32Array(n);
  for (let i = 0; i < cells.length; i++) {
    const b = blockOf[i]!;
    if (b < 0) continue;
    const cell = cells[i]!;
    const row = Math.floor(cell / ncol);
    const j = count[b]!++;
    order[j] = i;
    pos[j] = (row - Math.floor(b / perRow) * blockHeight) * blockWidth + (cell - row * ncol - (b % perRow) * blockWidth);
  }
  return { order, pos, runs: Int32Array.from(runs) };
}

/** Runs whose blocks lie close together in the file, read with one request (up to 8 MB, gaps under 64 kB). */
function coalesce(r: Raster, runs: Int32Array): { start: number; end: number; runs: number[] }[] {
  const groups: { start: number; end: number; runs: number[] }[] = [];
  const byOffset = Array.from({ length: runs.length / 3 }, (_, k) => k).sort((a, b) =>
    r.offsets[runs[3 * a + 2]!]! - r.offsets[runs[3 * b + 2]!]!
  );
  for (const k of byOffset) {
    const b = runs[3 * k + 2]!;
    const [start, end] = [r.offsets[b]!, r.offsets[b]! + r.counts[b]!];
    const last = groups.at(-1);
    if (last && start >= last.end && start - last.end < 65_536 && end - last.start < 8 * 2 ** 20) {
      last.end = end;
      last.runs.push(k);
    } else groups.push({ start, end, runs: [k] });
  }
  return groups;
}

/**
 * The values of cells (numbers from 0, row-major; −1 for none) into `out` (NaN for none, no-data, or NaN in the file).
 * Reads only the blocks that hold a requested cell, neighbouring blocks with one request, and decodes one block at a
 * time; `plan` (from planReads) can be shared by the layers of one grid and layout.
 */
export async function readCells(r: Raster, cells: Float64Array, out: Float64Array, plan?: ReadPlan): Promise<void> {
  const { ncol, nrow } = r.grid;
  const { order, pos, runs } = plan ?? planReads(cells, ncol, nrow, r.blockWidth, r.blockHeight);
  out.fill(NaN);
  const Array_ = ARRAYS[r.dataType as keyof typeof ARRAYS];
  const nd = r.noData;
  const nd32 = nd === null ? null : r.dataType === "Float32" ? Math.fround(nd) : nd;
  for (const group of coalesce(r, runs)) {
    const bytes = new Uint8Array(group.end - group.start);
    await r.file_.read(bytes, 0, bytes.length, group.start);
    for (const k of group.runs) {
      const [from, to, block] = [runs[3 * k]!, runs[3 * k + 1]!, runs[3 * k + 2]!];
      const at = r.offsets[block]! - group.start;
      const values = r.counts[block] === 0 ? new Array_(r.blockWidth * r.blockHeight).fill(nd ?? 0) : new Array_(
        r.inflate
          ? r.inflate(bytes.subarray(at, at + r.counts[block]!))
          : await r.decoder.decode(bytes.slice(at, at + r.counts[block]!).buffer) as ArrayBuffer,
      );
      for (let j = from; j < to; j++) {
        const v = values[pos[j]!]!;
        out[order[j]!] = v === nd || v === nd32 ? NaN : v;
      }
    }
  }
}
