/**
 * Spool for bulk CSV exports. DuckDB's own (parallel, native) CSV writer
 * renders each export into a file with `COPY … TO`; readers follow the file
 * while it grows, so the first bytes leave the server long before the last row
 * is written and the server's memory stays flat whatever the export size.
 * Finished exports are kept, least recently used first out, up to `maxBytes`:
 * the database is read-only, so the same request always gets the same bytes,
 * and a repeated notebook cell gets them at disk speed.
 *
 * Each entry writes its own file (`<key>-<n>.csv`): an export that is
 * stopped, failed or evicted removes only its file, never the file of a newer
 * entry for the same key that other readers follow. A reader holds an open
 * descriptor, so a removal never takes the bytes from under it.
 */
import { createHash } from "node:crypto";
import { mkdtempSync, rmSync, statSync } from "node:fs";
import { open } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";

interface Entry {
  file: string;
  /** Settles when the writer has finished (or failed). */
  done: Promise<void>;
  finished: boolean;
  error?: Error;
  size: number;
  readers: number;
  lastUsed: number;
  /** Stops the writer (an export nobody reads any more and that will not be kept). */
  stop: AbortController;
}

export interface SpoolOptions {
  /** Bytes of finished exports to keep; 0 deletes each export once its readers are done. */
  maxBytes: number;
  /** Parent directory of the spool directory. Default: the OS temp dir. */
  parent?: string;
  /** Longest a writer may run, ms. Default 300,000. */
  writeBudgetMs?: number;
}

const READ_SLICE = 1 << 20;
const POLL_MS = 5;

export class ExportSpool {
  readonly dir: string;
  private readonly entries = new Map<string, Entry>();
  /** Makes each entry's file name unique. */
  private serial = 0;

  constructor(private readonly opts: SpoolOptions) {
    this.dir = mkdtempSync(join(opts.parent ?? tmpdir(), "genesys-sandbox-export-"));
  }

  /**
   * Streams the export identified by `key` to `write`, starting `produce(file)`
   * unless the same export is already spooled or being written.
   * `write` may be async (back-pressure, throttling); `isClosed` stops early.
   * `onStart` learns whether the export was already spooled (a cache hit).
   */
  async stream(
    key: string,
    produce: (file: string, signal: AbortSignal) => Promise<void>,
    write: (chunk: Buffer) => Promise<void>,
    isClosed: () => boolean,
    onStart?: (hit: boolean) => void,
  ): Promise<void> {
    const { entry, hit } = this.entryFor(key, produce);
    entry.readers++;
    entry.lastUsed = Date.now();
    let fh: Awaited<ReturnType<typeof open>> | undefined;
    try {
      // a query that fails before DuckDB creates the file still gets a proper error status
      fh = await this.openWhenCreated(entry);
      onStart?.(hit);
      const buf = Buffer.allocUnsafe(READ_SLICE);
      let pos = 0;
      while (!isClosed()) {
        const { bytesRead } = await fh.read(buf, 0, READ_SLICE, pos);
        if (bytesRead > 0) {
          pos += bytesRead;
          // copy: `buf` is reused while the socket may still hold the slice
          await write(Buffer.from(buf.subarray(0, bytesRead)));
          continue;
        }
        if (entry.error) throw entry.error;
        if (entry.finished && pos >= entry.size) break;
        await Promise.race([entry.done, sleep(POLL_MS)]);
      }
    } finally {
      await fh?.close();
      entry.readers--;
      entry.lastUsed = Date.now();
      // nobody reads an export that will not be kept: stop writing it now
      if (entry.readers === 0 && !entry.finished && this.opts.maxBytes === 0) entry.stop.abort(new Error("no reader left"));
      this.evict();
    }
  }

  /** Stops every export still being written. */
  stopAll(): void {
    for (const e of this.entries.values()) if (!e.finished) e.stop.abort(new Error("sandbox closed"));
  }

  /** Deletes every spooled export and the spool directory. */
  close(): void {
    this.stopAll();
    this.entries.clear();
    rmSync(this.dir, { recursive: true, force: true });
  }

  /** Cache key for an export: its SQL and delimiter. */
  static key(...parts: string[]): string {
    return createHash("sha1").update(parts.join("\u0000")).digest("hex");
  }

  /** The spooled (or being written) export for `key`, else a new one started with `produce`. */
  private entryFor(key: string, produce: (file: string, signal: AbortSignal) => Promise<void>): { entry: Entry; hit: boolean } {
    const known = this.entries.get(key);
    if (known && !known.error && !known.stop.signal.aborted) return { entry: known, hit: true };
    const file = join(this.dir, `${key}-${++this.serial}.csv`);
    const entry: Entry = {
      file,
      finished: false,
      size: 0,
      readers: 0,
      lastUsed: Date.now(),
      done: Promise.resolve(),
      stop: new AbortController(),
    };
    const budgetMs = this.opts.writeBudgetMs ?? 300_000;
    const budget = setTimeout(() => entry.stop.abort(new Error(`the export ran past the write budget of ${budgetMs / 1000} s`)), budgetMs);
    const fail = (e: Error) => {
      entry.error = e;
      entry.finished = true;
      if (this.entries.get(key) === entry) this.entries.delete(key);
      rmSync(file, { force: true });
    };
    entry.done = produce(file, entry.stop.signal).finally(() => clearTimeout(budget)).then(
      () => {
        try {
          entry.size = statSync(file).size;
        } catch (e) {
          return fail(e as Error);
        }
        entry.finished = true;
        // stopped, and a newer entry took its place: nobody will ask for this file again
        if (this.entries.get(key) !== entry) {
          if (entry.readers === 0) rmSync(file, { force: true });
          // finished after its last reader left: kept or removed as the cache size says
        } else if (entry.readers === 0) this.evict();
      },
      fail,
    );
    this.entries.set(key, entry);
    return { entry, hit: false };
  }

  /** DuckDB creates the file once the query starts producing; wait for it (or for a failure). */
  private async openWhenCreated(entry: Entry) {
    for (;;) {
      try {
        return await open(entry.file, "r");
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code !== "ENOENT") throw e;
      }
      if (entry.error) throw entry.error;
      if (entry.finished) return await open(entry.file, "r");
      await Promise.race([entry.done, sleep(POLL_MS)]);
    }
  }

  private evict(): void {
    const done = [...this.entries.entries()].filter(([, e]) => e.finished && !e.error && e.readers === 0);
    let total = done.reduce((s, [, e]) => s + e.size, 0);
    done.sort((a, b) => a[1].lastUsed - b[1].lastUsed);
    for (const [key, e] of done) {
      if (total <= this.opts.maxBytes) break;
      this.entries.delete(key);
      rmSync(e.file, { force: true });
      total -= e.size;
    }
  }
}

function sleep(ms: number): Promise<void> {
  return new Promise((r) => setTimeout(r, ms));
}
