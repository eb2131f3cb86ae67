/**
 * The on-disk cache: one directory per entry, named by the key's hash, in the one on-disk format of an export
 * (parts/manifest.ts, the Parquet sink's too): the frames as Parquet parts (exact dtypes: Categorical, List, Struct,
 * Date, Datetime) and `_manifest.json` naming each part with its frame, rows and schema, and holding the query, when,
 * provenance and diagnostics. Every file is written under an unpredictable temporary name created exclusively, then
 * renamed; the manifest is renamed last, so an entry without it (a download cut off) is never read. The pages of a
 * multi-page export are kept under `pages/`, a folder of the same format, until the export is complete. An entry or
 * pages folder of an earlier version's format (`entry.json` and Arrow IPC files, `pages.json`) is not read: a warning
 * says so, and it is downloaded again and replaced.
 *
 * The cache is private to the user: directories 0700, files 0600. A cache
 * directory another user owns or others may write to is not used (a warning,
 * then every call behaves as with an empty cache that stores nothing). Links
 * are never followed below the cache directory: an entry folder, file or
 * `pages` folder that is a symbolic link is refused. An entry is served only
 * when its folder name, the id in its manifest and the hash of its query
 * agree, and every part has the rows and schema recorded for it.
 *
 * Writing never throws for a file-system reason: `write()` and `writePage()`
 * return false and report why through `onWarning` (once per store and reason),
 * and the caller keeps the data it downloaded.
 */
import pl from "nodejs-polars";
import type { DataFrame } from "nodejs-polars";
import { chmodSync, mkdirSync, readdirSync, rmSync, type Stats, statSync } from "node:fs";
import { join } from "node:path";
import type { Diagnostics } from "../../kernel/diagnostics.ts";
import type { Provenance } from "../../kernel/provenance.ts";
import { dirProblem, lstatOrUndefined, ownDir, ownFile, staleTemp, TEMP_RE } from "../../parts/private-fs.ts";
import { newManifest, type Part, type PartsManifest, readManifest, writeManifest } from "../../parts/manifest.ts";
import { partOf, readParts, writePartSync } from "../../parts/part.ts";
import { keptParts, type StoredPages } from "../../parts/resume.ts";

export type { StoredPages };
import { queryId } from "./key.ts";
import { userCacheDir } from "../../kernel/cache-dir.ts";

/** `$GENESYS_CACHE_DIR`, else `genesys-notebook/client` in the platform's user cache directory (the one rule: kernel/cache-dir.ts). */
export const defaultCacheDir = (): string => userCacheDir("client", "GENESYS_CACHE_DIR");

/** A stored frame's row count and schema (column name -> dtype as `String(dtype)`), checked when it is read back. */
export interface FrameShape {
  rows: number;
  columns: Record<string, string>;
}

export interface EntryMeta {
  /** The folder name: the hash of `query`. */
  id: string;
  query: Record<string, unknown>;
  /** When the data was downloaded (ISO 8601). */
  createdAt: string;
  /** Frame names in this entry (parts `<name>.parquet`). */
  frames: string[];
  /** Rows and schema of each frame. */
  shapes: Record<string, FrameShape>;
  provenance: Record<string, Provenance>;
  diagnostics?: Record<string, Diagnostics>;
}

export interface CachedEntry {
  meta: EntryMeta;
  frames: Record<string, DataFrame>;
  ageMs: number;
}

export interface CacheStoreOptions {
  /**
   * Told why the cache could not be used or written, once per store and reason. Default: `console.warn`.
   * The data is returned to the caller either way.
   */
  onWarning?: (message: string) => void;
}

const ID_RE = /^[0-9a-f]{32}$/;
/** Page parts, and the files of an earlier version's pages (`000000.ipc`, `pages.json`). */
const PAGE_FILE_RE = /^(?:page-\d{6}\.parquet|\d{6}\.ipc|pages\.json|_manifest\.json)$/;
/** An earlier version's entry: `entry.json` and `<frame>.ipc`. */
const OLD_ENTRY_FILE_RE = /^(?:entry\.json|[A-Za-z0-9_.-]+\.ipc)$/;
const safe = (name: string) => name.replace(/[^A-Za-z0-9_.-]/g, "_");
const pageFile = (page: number) => `page-${String(page).padStart(6, "0")}.parquet`;

/** A frame's rows and schema as EntryMeta shows them. */
const shapeOfPart = (p: Part): FrameShape => ({ rows: p.rows, columns: Object.fromEntries(p.columns) });

const why = (e: unknown) => (e instanceof Error ? e.message : String(e));
const reasonOf = (e: unknown) => (e as NodeJS.ErrnoException)?.code ?? why(e);

export class CacheStore {
  /** Every warning given so far (each reason once). */
  readonly warnings: string[] = [];
  private readonly warned = new Set<string>();
  private readonly onWarning: (message: string) => void;
  private swept = false;

  constructor(readonly dir: string = defaultCacheDir(), opts: CacheStoreOptions = {}) {
    this.onWarning = opts.onWarning ?? ((m) => console.warn(`genesys-notebook: ${m}`));
  }

  private warn(reason: string, message: string): void {
    if (this.warned.has(reason)) return;
    this.warned.add(reason);
    this.warnings.push(message);
    try {
      this.onWarning(message);
    } catch {
      // a warning callback's failure is not the caller's download's
    }
  }

  /**
   * Whether the cache directory may be used; creates it (0700) when `create`. A directory another user
   * owns or others may write to is refused with a warning; one of ours readable by others is made 0700.
   */
  private root(create: boolean): boolean {
    let st: Stats | undefined;
    try {
      // the cache directory itself may be a link (a moved ~/.cache); what it points to is checked
      try {
        st = statSync(this.dir);
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code !== "ENOENT") throw e;
        if (!create) return false;
        mkdirSync(this.dir, { recursive: true, mode: 0o700 });
        st = statSync(this.dir);
      }
    } catch (e) {
      this.refuse(why(e));
      return false;
    }
    const problem = dirProblem(st);
    if (problem) {
      this.refuse(problem);
      return false;
    }
    if ((st.mode & 0o077) !== 0) {
      try {
        chmodSync(this.dir, 0o700);
      } catch {
        // the entries are checked one by one anyway
      }
    }
    if (!this.swept) {
      this.swept = true;
      this.sweep();
    }
    return true;
  }

  private refuse(problem: string): void {
    this.warn(
      "cache-dir",
      `cache not read or written: ${this.dir}: ${problem}; the data is returned ` +
        "(give cacheDir or GENESYS_CACHE_DIR a directory of your own)",
    );
  }

  /** The entry's folder when `id` is an entry id, else undefined. */
  private entryDir(id: string): string | undefined {
    return ID_RE.test(id) ? join(this.dir, id) : undefined;
  }

  /** A private directory (created 0700 when absent); false, with a warning, when something else is there. */
  private ensureDir(path: string): boolean {
    const st = lstatOrUndefined(path);
    if (!st) {
      mkdirSync(path, { mode: 0o700 });
      return true;
    }
    const problem = dirProblem(st);
    if (problem) this.warn(`refused:${path}`, `cache not written: ${path}: ${problem}; the data is returned`);
    return !problem;
  }

  /** Removes a directory when `lstat` says it is a real one; a link there is unlinked, its target untouched. */
  private removeDir(path: string): void {
    const st = lstatOrUndefined(path);
    if (!st) return;
    if (st.isSymbolicLink()) rmSync(path, { force: true });
    else if (st.isDirectory()) rmSync(path, { recursive: true, force: true });
  }

  /** Removes temporary files left by writers that are gone (in entry folders and their `pages`). */
  private sweepDir(dir: string): void {
    let names: string[];
    try {
      names = readdirSync(dir);
    } catch {
      return;
    }
    const now = Date.now();
    for (const name of names) {
      if (!TEMP_RE.test(name)) continue;
      const path = join(dir, name);
      try {
        if (ownFile(path) && staleTemp(path, now)) rmSync(path, { force: true });
      } catch {
        // gone meanwhile
      }
    }
  }

  private sweep(): void {
    for (const id of this.entryIds()) {
      const dir = join(this.dir, id);
      this.sweepDir(dir);
      if (ownDir(join(dir, "pages"))) this.sweepDir(join(dir, "pages"));
    }
  }

  /** Names of the entry folders: real directories of ours named like an id. */
  private entryIds(): string[] {
    try {
      return readdirSync(this.dir, { withFileTypes: true })
        .filter((d) => d.isDirectory() && ID_RE.test(d.name) && ownDir(join(this.dir, d.name)))
        .map((d) => d.name);
    } catch {
      return [];
    }
  }

  /**
   * The manifest of a complete entry whose id, folder name and query hash agree, as EntryMeta; "broken" when it does not
   * hold, "old" for an earlier version's entry (`entry.json`), undefined when there is none.
   */
  private readMeta(id: string): { meta: EntryMeta; manifest: PartsManifest } | "broken" | "old" | undefined {
    const dir = this.entryDir(id);
    if (!dir || !ownDir(dir)) return undefined;
    const found = readManifest(dir);
    if ("absent" in found) return lstatOrUndefined(join(dir, "entry.json")) ? "old" : undefined;
    if ("other" in found) return "broken";
    const m = found.manifest;
    const { query, provenance, diagnostics } = m.meta as Partial<EntryMeta>;
    if (!m.complete || m.meta.id !== id || !query || queryId(query) !== id || !provenance) return "broken";
    const frames = [...new Set(m.parts.map((p) => p.frame))];
    const shapes = Object.fromEntries(m.parts.map((p) => [p.frame, shapeOfPart(p)]));
    return { meta: { id, query, createdAt: m.createdAt, frames, shapes, provenance, diagnostics }, manifest: m };
  }

  /** An earlier version's entry or pages: said once, then treated as absent (and replaced by the next write). */
  private oldFormat(what: string): void {
    this.warn(
      "old-format",
      `cache ${what} written by an earlier version (entry.json or pages.json with Arrow IPC files) is not read; ` +
        "it is downloaded again and replaced",
    );
  }

  /** A complete, verified entry, or undefined. An entry that does not verify is removed, so the caller downloads again. */
  read(id: string): CachedEntry | undefined {
    try {
      if (!this.root(false)) return undefined;
      const found = this.readMeta(id);
      if (found === undefined) return undefined;
      const dir = join(this.dir, id);
      if (found === "old") this.oldFormat(`entry ${id}`);
      const parts = typeof found === "object" ? found.manifest.parts : [];
      const read = readParts(dir, parts);
      if (typeof found !== "object" || read.length !== parts.length) {
        this.removeDir(dir);
        return undefined;
      }
      const frames: Record<string, DataFrame> = {};
      for (const name of found.meta.frames) {
        const own = read.filter((_, i) => parts[i]!.frame === name);
        frames[name] = own.length === 1 ? own[0]! : pl.concat(own);
      }
      return { meta: found.meta, frames, ageMs: Date.now() - Date.parse(found.meta.createdAt) };
    } catch {
      return undefined;
    }
  }

  /**
   * Stores frames and metadata; the manifest last, so the entry becomes visible only when complete, then
   * removes the entry's pages. False (and a warning) when the cache could not be written.
   */
  write(meta: Omit<EntryMeta, "frames" | "shapes">, frames: Record<string, DataFrame>): boolean {
    try {
      if (!this.root(true)) return false;
      const dir = this.entryDir(meta.id);
      if (!dir) throw new Error(`'${meta.id}' is not an entry id`);
      if (!this.ensureDir(dir)) return false;
      this.sweepDir(dir);
      // the entry stored before (this format's, or an earlier version's) stops being one first
      for (const f of readdirSync(dir)) if (f === "_manifest.json" || OLD_ENTRY_FILE_RE.test(f)) rmSync(join(dir, f), { force: true });
      const { id, query, provenance, diagnostics } = meta;
      const m = { ...newManifest({}, { id, query, provenance, diagnostics }), createdAt: meta.createdAt, complete: true };
      for (const [name, df] of Object.entries(frames)) {
        const file = `${safe(name)}.parquet`;
        writePartSync(dir, file, df);
        m.parts.push(partOf(file, name, 0, df));
      }
      writeManifest(dir, m);
      this.removeDir(join(dir, "pages"));
      return true;
    } catch (e) {
      this.warn(reasonOf(e), `cache not written: ${why(e)}; the data is returned`);
      return false;
    }
  }

  /**
   * Saves one complete page of a multi-page export. The first page written (and page 0, which starts
   * the export afresh) records `createdAt`, `context` and `header` in the pages' manifest; every page records its
   * rows and schema there. False (and a warning) when it could not be written.
   */
  writePage(id: string, page: number, df: DataFrame, header: string[], context: Record<string, unknown>): boolean {
    try {
      if (!Number.isInteger(page) || page < 0) throw new Error(`page ${page} is not a page number`);
      if (!this.root(true)) return false;
      const dir = this.entryDir(id);
      if (!dir) throw new Error(`'${id}' is not an entry id`);
      if (!this.ensureDir(dir)) return false;
      const pages = join(dir, "pages");
      if (!this.ensureDir(pages)) return false;
      this.sweepDir(pages);
      const found = page === 0 ? undefined : readManifest(pages);
      let m = found && "manifest" in found && !found.manifest.complete ? found.manifest : undefined;
      if (!m) {
        m = newManifest(context, { header });
        // the pages of an earlier export under this id (or of an earlier version) are not this one's
        for (const name of readdirSync(pages)) if (PAGE_FILE_RE.test(name)) rmSync(join(pages, name), { force: true });
      }
      writePartSync(pages, pageFile(page), df);
      m.parts = [...m.parts.filter((p) => p.page !== page), partOf(pageFile(page), "df", page, df)].sort((a, b) => a.page - b.page);
      writeManifest(pages, m);
      return true;
    } catch (e) {
      this.warn(reasonOf(e), `cache not written: ${why(e)}; the data is returned`);
      return false;
    }
  }

  /**
   * The pages 0..k-1 of an unfinished export, up to the first one missing; a page whose file does not match
   * its recorded rows and schema counts as missing. Undefined when there is no page 0.
   */
  readPages(id: string): StoredPages | undefined {
    try {
      if (!this.root(false)) return undefined;
      const dir = this.entryDir(id);
      if (!dir || !ownDir(dir) || !ownDir(join(dir, "pages"))) return undefined;
      const pages = join(dir, "pages");
      const found = readManifest(pages);
      if ("absent" in found && lstatOrUndefined(join(pages, "pages.json"))) this.oldFormat(`pages of entry ${id}`);
      if (!("manifest" in found) || found.manifest.complete) return undefined;
      const m = found.manifest;
      // pages 0, 1, 2… in order, up to the first gap
      const run: Part[] = [];
      for (const p of m.parts) {
        if (p.page !== run.length) break;
        run.push(p);
      }
      const frames = readParts(pages, run);
      if (!frames.length) return undefined;
      const header = Array.isArray(m.meta.header) ? (m.meta.header as string[]) : [];
      const kept = keptParts(pages, { ...m, parts: run.slice(0, frames.length) }, true);
      return { frames, header, createdAt: m.createdAt, context: m.context, kept };
    } catch {
      return undefined;
    }
  }

  /** Removes the stored pages of an export (never throws). */
  dropPages(id: string): void {
    try {
      const dir = this.entryDir(id);
      if (dir && this.root(false) && ownDir(dir)) this.removeDir(join(dir, "pages"));
    } catch {
      // nothing to remove, or not ours to remove
    }
  }

  /** Complete entries: id, kind, server, when, bytes on disk. */
  list(): { id: string; kind: string; server: string; createdAt: string; bytes: number; query: Record<string, unknown> }[] {
    if (!this.root(false)) return [];
    return this.entryIds().flatMap((id) => {
      const found = this.readMeta(id);
      if (typeof found !== "object") return [];
      const { meta } = found;
      this.sweepDir(join(this.dir, id));
      return [{
        id,
        kind: String(meta.query.kind),
        server: String(meta.query.server),
        createdAt: meta.createdAt,
        bytes: dirBytes(join(this.dir, id)),
        query: meta.query,
      }];
    });
  }

  /**
   * Bytes on disk, entries and unfinished pages together. Temporary files are not counted: a writer's own, and one a
   * write killed mid-way left (it is removed once its writer is known to be gone: a minute after, or an hour for a
   * process id that lives on); those of writers that are gone are removed first.
   */
  size(): number {
    if (!this.root(false)) return 0;
    this.sweep();
    return this.entryIds().reduce((n, id) => n + dirBytes(join(this.dir, id)), 0);
  }

  /** Removes every entry (or those `which` selects); returns how many. */
  clear(which?: (e: { id: string; kind: string; server: string; createdAt: string }) => boolean): number {
    if (!this.root(false)) return 0;
    const chosen = which ? this.list().filter(which).map((e) => e.id) : this.entryIds();
    for (const id of chosen) this.removeDir(join(this.dir, id));
    return chosen.length;
  }
}

/** Bytes of the regular files below `dir`, temporary files left out (links are not followed). */
function dirBytes(dir: string): number {
  let total = 0;
  try {
    for (const e of readdirSync(dir, { withFileTypes: true, recursive: true })) {
      if (e.isFile() && !TEMP_RE.test(e.name)) total += lstatOrUndefined(join(e.parentPath, e.name))?.size ?? 0;
    }
  } catch {
    // removed meanwhile
  }
  return total;
}
