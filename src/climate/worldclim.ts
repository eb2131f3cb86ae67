/**
 * `worldclimDownload()`: the WorldClim 2.1 files a user asks for (variables, resolution), fetched once into the
 * toolkit's cache: a cut download resumes where it stopped (HTTP Range), what arrived is checked (its size against the
 * server's, the zip's directory, every member's CRC-32), no half file ever carries a final name (`.part` until
 * checked), and a variable with a missing layer is an error, never a quietly shorter list. WorldClim's terms: cite Fick,
 * S.E. and R.J. Hijmans, 2017, WorldClim 2: new 1 km spatial resolution climate surfaces for global land areas,
 * International Journal of Climatology 37 (12): 4302–4315.
 */
import { closeSync, existsSync, mkdirSync, openSync, rmSync, statSync, writeSync } from "node:fs";
import { homedir } from "node:os";
import process from "node:process";
import { join } from "node:path";
import { z } from "zod";
import { GenesysInputError, GenesysNetworkError } from "../kernel/errors.ts";
import { checkOptionsWith } from "../kernel/options.ts";
import { extractEntry, ZipDamage, zipEntries } from "./zip.ts";

const NAME = "worldclimDownload()";
/** WorldClim 2.1's download server (https://www.worldclim.org/data/worldclim21.html links here). */
export const WORLDCLIM_URL = "https://geodata.ucdavis.edu/climate/worldclim/2_1/base";
const VARIABLES = ["bio", "tmin", "tmax", "tavg", "prec", "srad", "wind", "vapr", "elev"] as const;

/** What worldclimDownload() reports as it goes. */
export interface WorldclimProgress {
  /** The zip being fetched or unpacked, e.g. wc2.1_10m_bio.zip. */
  label: string;
  /** "download" or "unzip". */
  stage: string;
  bytes: number;
  total?: number;
}

export const WorldclimOptions = z.strictObject({
  /** bio (bio1–bio19), tmin, tmax, tavg, prec, srad, wind, vapr (12 months each), elev. */
  variables: z.array(z.enum(VARIABLES)).min(1),
  /** 10m, 5m, 2.5m or 30s (arc-minutes, arc-seconds). */
  resolution: z.enum(["10m", "5m", "2.5m", "30s"]).default("10m"),
  /** The folder the files go to; default $GENESYS_WORLDCLIM_DIR or the user cache (~/.cache/genesys-notebook/worldclim). */
  cache: z.string().optional(),
  /** The server's base URL (a mirror, or a loopback server in tests). */
  baseUrl: z.string().url().default(WORLDCLIM_URL),
  onProgress: z.custom<(p: WorldclimProgress) => void>((v) => typeof v === "function").optional(),
});
export type WorldclimOptions = z.input<typeof WorldclimOptions>;

/**
 * The folder WorldClim files are cached in by default: $GENESYS_WORLDCLIM_DIR, else ~/.cache/genesys-notebook/worldclim.
 * @example
 * ```ts
 * import { worldclimCacheDir } from "genesys-notebook";
 * console.log(worldclimCacheDir());
 * ```
 */
export function worldclimCacheDir(): string {
  const env = process.env;
  return env.GENESYS_WORLDCLIM_DIR || join(env.XDG_CACHE_HOME || join(homedir(), ".cache"), "genesys-notebook", "worldclim");
}

/**
 * The layer files a variable has at a resolution: wc2.1_10m_bio_1.tif … wc2.1_10m_bio_19.tif, wc2.1_10m_tmin_01.tif …
 * @example
 * ```ts
 * import { worldclimFiles } from "genesys-notebook";
 * console.log(worldclimFiles("prec", "2.5m")); // wc2.1_2.5m_prec_01.tif … _12.tif
 * ```
 */
export function worldclimFiles(variable: (typeof VARIABLES)[number], resolution: string): string[] {
  if (variable === "elev") return [`wc2.1_${resolution}_elev.tif`];
  const n = variable === "bio" ? 19 : 12;
  return Array.from(
    { length: n },
    (_, i) => `wc2.1_${resolution}_${variable}_${variable === "bio" ? i + 1 : String(i + 1).padStart(2, "0")}.tif`,
  );
}

/**
 * Downloads WorldClim 2.1 variables at a resolution into the cache (once: files already there are not fetched again)
 * and returns the folder and its files, ready for climateAtSites(). Resumes a cut download; checks sizes and CRC-32s.
 * @example
 * ```ts
 * import { climateAtSites, Genesys, worldclimDownload } from "genesys-notebook";
 * const { folder } = await worldclimDownload({ variables: ["bio"], resolution: "10m" });
 * const g = Genesys.fromEnv();
 * const df = await climateAtSites(await g.passports({ crop: ["beans"] }), folder);
 * ```
 */
export async function worldclimDownload(options: WorldclimOptions): Promise<{ folder: string; files: string[] }> {
  checkOptionsWith(NAME, WorldclimOptions, options);
  const o = WorldclimOptions.parse(options);
  const folder = join(o.cache ?? worldclimCacheDir(), `wc2.1_${o.resolution}`);
  mkdirSync(folder, { recursive: true });
  const files: string[] = [];
  for (const variable of o.variables) {
    const wanted = worldclimFiles(variable, o.resolution);
    if (!wanted.every((f) => existsSync(join(folder, f)))) {
      const zipName = `wc2.1_${o.resolution}_${variable}.zip`;
      const zip = join(folder, zipName);
      await fetchResumable(`${o.baseUrl}/${zipName}`, `${zip}.part`, (p) => o.onProgress?.({ label: zipName, ...p }));
      unpack(`${zip}.part`, zipName, folder, wanted, o.onProgress);
      rmSync(`${zip}.part`, { force: true });
    }
    files.push(...wanted.map((f) => join(folder, f)));
  }
  return { folder, files };
}

/** Unpacks the wanted layers of a downloaded zip; a zip that lacks one, or is damaged, is an error (and is removed). */
function unpack(zip: string, zipName: string, folder: string, wanted: string[], onProgress?: (p: WorldclimProgress) => void): void {
  let bytes = 0;
  try {
    const entries = zipEntries(zip);
    const missing = wanted.filter((w) => !entries.some((e) => e.name.split("/").pop() === w));
    if (missing.length) {
      throw new GenesysInputError(`${zipName} lacks ${missing.join(", ")}: refusing to continue with a variable incomplete`, {
        endpoint: NAME,
        hint: "the server sent another archive than WorldClim 2.1's: check baseUrl, or report it to WorldClim",
      });
    }
    const total = entries.reduce((s, e) => s + e.compressedSize, 0);
    for (const e of entries.filter((e) => wanted.includes(e.name.split("/").pop()!))) {
      extractEntry(
        zip,
        e,
        join(folder, e.name.split("/").pop()!),
        (n) => onProgress?.({ label: zipName, stage: "unzip", bytes: bytes += n, total }),
      );
    }
  } catch (err) {
    if (!(err instanceof ZipDamage)) throw err;
    rmSync(zip, { force: true });
    throw new GenesysNetworkError(`${zipName} arrived damaged: ${err.message}`, {
      endpoint: NAME,
      hint: "it was removed; call worldclimDownload() again to fetch it anew",
    });
  }
}

/** GETs a URL into `part`, continuing a previous partial download with a Range request; checks the size received. */
async function fetchResumable(url: string, part: string, progress: (p: Omit<WorldclimProgress, "label">) => void): Promise<void> {
  const have = existsSync(part) ? statSync(part).size : 0;
  let res: Response;
  try {
    res = await fetch(url, { headers: have ? { range: `bytes=${have}-` } : {} });
  } catch (e) {
    throw new GenesysNetworkError(`cannot reach ${url}: ${(e as Error).message}`, {
      endpoint: NAME,
      hint: "check the connection and call it again",
      cause: e,
    });
  }
  if (res.status === 416 && have) return; // the part is already whole: its zip is checked next
  if (res.status !== 200 && res.status !== 206) {
    throw new GenesysNetworkError(`${url} answered HTTP ${res.status}`, {
      endpoint: NAME,
      status: res.status,
      hint: "WorldClim's server may be down for maintenance: try later, or point baseUrl at a mirror",
    });
  }
  const resumed = res.status === 206;
  const start = resumed ? have : 0;
  const length = Number(res.headers.get("content-length") ?? NaN);
  const total = start + length;
  const fd = openSync(part, resumed ? "a" : "w");
  let received = start;
  try {
    for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
      writeSync(fd, chunk);
      received += chunk.length;
      progress({ stage: "download", bytes: received, ...(Number.isFinite(total) ? { total } : {}) });
    }
  } catch (e) {
    throw cut(url, received, total, e);
  } finally {
    closeSync(fd);
  }
  if (Number.isFinite(total) && received !== total) throw cut(url, received, total);
}

const cut = (url: string, received: number, total: number, cause?: unknown) =>
  new GenesysNetworkError(`the download of ${url} stopped at ${received.toLocaleString("en")} of ${total.toLocaleString("en")} bytes`, {
    endpoint: NAME,
    hint: "call worldclimDownload() again: it resumes where it stopped",
    ...(cause ? { cause } : {}),
  });
