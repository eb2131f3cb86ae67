/**
 * The on-disk cache: one directory per entry, named by the key's hash, with
 * the frames as Arrow IPC files (exact dtypes: Categorical, List, Struct,
 * Date, Datetime) and `entry.json` (the query, when, provenance, diagnostics).
 * Every file is written under a temporary name and renamed; `entry.json` is
 * renamed last, so an entry without it (a download cut off) is never read.
 * Pages of a multi-page export are kept under `pages/` until the export is
 * complete, so a failed export resumes at its first missing page.
 */
import pl from "nodejs-polars";
import type { DataFrame } from "nodejs-polars";
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import { homedir, tmpdir } from "node:os";
import { join } from "node:path";
import type { Diagnostics } from "../diagnostics.ts";
import type { Provenance } from "../provenance.ts";

/** `$GENESYS_CACHE_DIR`, else the platform's user cache directory. */
export function defaultCacheDir(): string {
  const env = process.env;
  if (env.GENESYS_CACHE_DIR) return env.GENESYS_CACHE_DIR;
  const home = homedir() || tmpdir();
  if (process.platform === "darwin") return join(home, "Library", "Caches", "genesys-notebook", "client");
  if (process.platform === "win32") return join(env.LOCALAPPDATA ?? join(home, "AppData", "Local"), "genesys-notebook", "Cache", "client");
  return join(env.XDG_CACHE_HOME || join(home, ".cache"), "genesys-notebook", "client");
}

export interface EntryMeta {
  id: string;
  query: Record<string, unknown>;
  /** When the data was downloaded (ISO 8601). */
  createdAt: string;
  /** Frame names in this entry (files `<name>.ipc`). */
  frames: string[];
  provenance: Record<string, Provenance>;
  diagnostics?: Record<string, Diagnostics>;
}

export interface CachedEntry {
  meta: EntryMeta;
  frames: Record<string, DataFrame>;
  ageMs: number;
}

let seq = 0;
const tempName = (path: string) => `${path}.${process.pid}.${Date.now()}.${seq++}.tmp`;

/** Writes a file under a temporary name, then renames it into place. */
function atomicWrite(path: string, write: (tmp: string) => void): void {
  const tmp = tempName(path);
  try {
    write(tmp);
    renameSync(tmp, path);
  } catch (e) {
    rmSync(tmp, { force: true });
    throw e;
  }
}

const safe = (name: string) => name.replace(/[^A-Za-z0-9_.-]/g, "_");

export class CacheStore {
  constructor(readonly dir: string = defaultCacheDir()) {}

  private entryDir(id: string): string {
    return join(this.dir, id);
  }

  /** A complete entry, or undefined. */
  read(id: string): CachedEntry | undefined {
    const dir = this.entryDir(id);
    const metaPath = join(dir, "entry.json");
    if (!existsSync(metaPath)) return undefined;
    try {
      const meta = JSON.parse(readFileSync(metaPath, "utf8")) as EntryMeta;
      const frames = Object.fromEntries(meta.frames.map((f) => [f, pl.readIPC(join(dir, `${safe(f)}.ipc`))]));
      return { meta, frames, ageMs: Date.now() - Date.parse(meta.createdAt) };
    } catch {
      // unreadable (another version, a damaged file): treated as absent, and replaced by the next download
      return undefined;
    }
  }

  /** Stores frames and metadata; `entry.json` last, so the entry becomes visible only when complete. */
  write(meta: Omit<EntryMeta, "frames">, frames: Record<string, DataFrame>): void {
    const dir = this.entryDir(meta.id);
    mkdirSync(dir, { recursive: true });
    rmSync(join(dir, "entry.json"), { force: true });
    for (const [name, df] of Object.entries(frames)) atomicWrite(join(dir, `${safe(name)}.ipc`), (tmp) => df.writeIPC(tmp));
    const full: EntryMeta = { ...meta, frames: Object.keys(frames) };
    atomicWrite(join(dir, "entry.json"), (tmp) => writeFileSync(tmp, JSON.stringify(full, null, 1)));
    rmSync(join(dir, "pages"), { recursive: true, force: true });
  }

  /** Saves one complete page of a multi-page export (its header and frame); the first page records when and how. */
  writePage(id: string, page: number, df: DataFrame, header: string[], context: Record<string, unknown>): void {
    const dir = join(this.entryDir(id), "pages");
    mkdirSync(dir, { recursive: true });
    atomicWrite(join(dir, `${String(page).padStart(6, "0")}.ipc`), (tmp) => df.writeIPC(tmp));
    if (!existsSync(join(dir, "pages.json"))) {
      atomicWrite(
        join(dir, "pages.json"),
        (tmp) => writeFileSync(tmp, JSON.stringify({ header, createdAt: new Date().toISOString(), context })),
      );
    }
  }

  /** The complete pages 0..k-1 of an unfinished export (stops at the first gap). */
  readPages(id: string): { frames: DataFrame[]; header: string[]; createdAt: string; context: Record<string, unknown> } | undefined {
    const dir = join(this.entryDir(id), "pages");
    if (!existsSync(join(dir, "pages.json"))) return undefined;
    const frames: DataFrame[] = [];
    for (let p = 0; existsSync(join(dir, `${String(p).padStart(6, "0")}.ipc`)); p++) {
      frames.push(pl.readIPC(join(dir, `${String(p).padStart(6, "0")}.ipc`)));
    }
    return frames.length ? { frames, ...JSON.parse(readFileSync(join(dir, "pages.json"), "utf8")) } : undefined;
  }

  dropPages(id: string): void {
    rmSync(join(this.entryDir(id), "pages"), { recursive: true, force: true });
  }

  /** Complete entries: id, kind, server, when, bytes on disk. */
  list(): { id: string; kind: string; server: string; createdAt: string; bytes: number; query: Record<string, unknown> }[] {
    if (!existsSync(this.dir)) return [];
    return readdirSync(this.dir, { withFileTypes: true }).filter((d) => d.isDirectory()).flatMap((d) => {
      const metaPath = join(this.dir, d.name, "entry.json");
      if (!existsSync(metaPath)) return [];
      try {
        const meta = JSON.parse(readFileSync(metaPath, "utf8")) as EntryMeta;
        return [{
          id: meta.id,
          kind: String(meta.query.kind),
          server: String(meta.query.server),
          createdAt: meta.createdAt,
          bytes: dirBytes(join(this.dir, d.name)),
          query: meta.query,
        }];
      } catch {
        return [];
      }
    });
  }

  /** Bytes on disk, entries and unfinished pages together. */
  size(): number {
    return existsSync(this.dir) ? dirBytes(this.dir) : 0;
  }

  /** Removes every entry (or those `which` selects); returns how many. */
  clear(which?: (e: { id: string; kind: string; server: string; createdAt: string }) => boolean): number {
    if (!existsSync(this.dir)) return 0;
    const all = readdirSync(this.dir, { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name);
    const chosen = which ? this.list().filter(which).map((e) => e.id) : all;
    for (const id of chosen) rmSync(this.entryDir(id), { recursive: true, force: true });
    return chosen.length;
  }
}

function dirBytes(dir: string): number {
  let total = 0;
  for (const e of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (e.isFile()) total += statSync(join(e.parentPath, e.name)).size;
  }
  return total;
}
