/**
 * Block files: where record-aligned blocks of an export wait for polars'
 * reader. They live in a directory private to the user (0700, files 0600),
 * in RAM-backed /dev/shm when it has room, and are removed when parsed, when
 * a download fails or is aborted, and when the process ends, also on Ctrl-C
 * or SIGTERM.
 */
import { randomUUID } from "node:crypto";
import { closeSync, mkdirSync, openSync, readSync, statfsSync, statSync, unlinkSync, writeSync } from "node:fs";
import { unlink } from "node:fs/promises";
import { tmpdir, userInfo } from "node:os";
import { join } from "node:path";

/**
 * The parent of the spool directory: `$GENESYS_SPOOL_DIR`, else /dev/shm
 * when it has 512 MB free (containers often give it 64 MB; a few blocks in
 * flight need ~130 MB), else the temp dir.
 */
export function spoolParent(): string {
  const env = typeof process !== "undefined" ? process.env.GENESYS_SPOOL_DIR : undefined;
  if (env) return env;
  try {
    const s = statfsSync("/dev/shm");
    if (s.bavail * s.bsize >= 512 * 1024 * 1024) return "/dev/shm";
  } catch {
    // no /dev/shm (macOS, Windows)
  }
  return tmpdir();
}

function userTag(): string {
  try {
    return userInfo().username.replace(/[^A-Za-z0-9_.-]/g, "_") || String(process.getuid?.() ?? "user");
  } catch {
    return String(process.getuid?.() ?? "user");
  }
}

/** `<parent>/genesys-notebook-<user>`, created 0700; refuses a directory another user owns. */
export function spoolDir(parent = spoolParent()): string {
  const dir = join(parent, `genesys-notebook-${userTag()}`);
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const st = statSync(dir);
  const uid = process.getuid?.();
  if (uid !== undefined && st.uid !== uid) {
    throw new Error(`spool directory ${dir} belongs to another user; set GENESYS_SPOOL_DIR to a directory of your own`);
  }
  if (uid !== undefined && (st.mode & 0o077) !== 0) {
    throw new Error(
      `spool directory ${dir} is readable by other users (mode ${(st.mode & 0o777).toString(8)}); remove it or set GENESYS_SPOOL_DIR`,
    );
  }
  return dir;
}

/** Block files not yet removed, for removal on exit and on interrupting signals. */
const live = new Set<string>();
let hooked = false;

function removeLive(): void {
  for (const p of live) {
    try {
      unlinkSync(p);
    } catch {
      // already gone
    }
  }
  live.clear();
}

/**
 * On exit, and on SIGINT/SIGTERM/SIGHUP, remove live block files. When the
 * signal has no other listener (a script), the default action (ending the
 * process) follows; when others listen (a notebook kernel), they decide.
 */
function hookExit(): void {
  if (hooked || typeof process === "undefined" || typeof process.on !== "function") return;
  hooked = true;
  process.on("exit", removeLive);
  for (const sig of ["SIGINT", "SIGTERM", "SIGHUP"] as const) {
    try {
      const onSignal = () => {
        removeLive();
        if (process.listenerCount(sig) === 1) {
          process.removeListener(sig, onSignal);
          process.kill(process.pid, sig);
        }
      };
      process.on(sig, onSignal);
    } catch {
      // a signal this platform does not have (SIGHUP on Windows)
    }
  }
}

/** One block file being filled; `start` is the absolute body offset of its first byte. */
export class BlockFile {
  readonly path: string;
  readonly started = performance.now();
  private fd: number | undefined;
  size = 0;

  constructor(dir: string, readonly start: number) {
    hookExit();
    this.path = join(dir, `${process.pid}-${randomUUID()}.csv`);
    this.fd = openSync(this.path, "wx+", 0o600);
    live.add(this.path);
  }

  append(part: Uint8Array): void {
    if (part.length === 0) return;
    writeSync(this.fd!, part);
    this.size += part.length;
  }

  /** Bytes [from, to) of the block (absolute body offsets), at most `max`. */
  read(from: number, to: number, max = 4096): Buffer {
    const a = Math.max(0, from - this.start);
    const len = Math.max(0, Math.min(to - this.start, this.size) - a);
    const buf = Buffer.alloc(Math.min(len, max));
    const fd = this.fd ?? openSync(this.path, "r");
    try {
      readSync(fd, buf, 0, buf.length, a);
    } finally {
      if (this.fd === undefined) closeSync(fd);
    }
    return buf;
  }

  close(): void {
    if (this.fd === undefined) return;
    closeSync(this.fd);
    this.fd = undefined;
  }

  async discard(): Promise<void> {
    this.close();
    await unlink(this.path).catch(() => undefined);
    live.delete(this.path);
  }
}
