/**
 * File-system helpers for directories private to the user: ownership and
 * mode checks that never follow a symbolic link, and files written under an
 * unpredictable temporary name created exclusively, then renamed into place.
 */
import { randomBytes } from "node:crypto";
import { closeSync, lstatSync, openSync, renameSync, rmSync, type Stats, writeSync } from "node:fs";
import { basename, dirname, join } from "node:path";

/** The current user's id, or undefined where the platform has none (Windows). */
export function currentUid(): number | undefined {
  return typeof process !== "undefined" ? process.getuid?.() : undefined;
}

/**
 * Why a directory (its `lstat` or `stat`) may not be used as private to the
 * user, or undefined when it may: another user owns it, or it has any of the
 * `forbidden` mode bits (default: group or others may write).
 */
export function dirProblem(st: Stats, forbidden = 0o022): string | undefined {
  if (!st.isDirectory()) return st.isSymbolicLink() ? "it is a symbolic link" : "it is not a directory";
  const uid = currentUid();
  if (uid === undefined) return undefined;
  if (st.uid !== uid) return `it belongs to another user (uid ${st.uid})`;
  if ((st.mode & forbidden) !== 0) return `other users may write to it (mode ${(st.mode & 0o777).toString(8)})`;
  return undefined;
}

/** The `lstat` of a path, or undefined when nothing is there (no other error is swallowed). */
export function lstatOrUndefined(path: string): Stats | undefined {
  try {
    return lstatSync(path);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw e;
  }
}

/** A regular file (not a link) the current user owns. */
export function ownFile(path: string): boolean {
  const st = lstatOrUndefined(path);
  const uid = currentUid();
  return !!st && st.isFile() && (uid === undefined || st.uid === uid);
}

/** A real directory (not a link) the current user owns that others cannot write to. */
export function ownDir(path: string): boolean {
  const st = lstatOrUndefined(path);
  return !!st && dirProblem(st) === undefined;
}

/** Temporary names: `<name>.<pid>.<16 random hex>.tmp` next to the target. */
export const TEMP_RE = /\.(\d+)\.(?:[0-9a-f]{16}|\d+\.\d+)\.tmp(?:\.[a-z]+)?$/;

export function tempPath(path: string, suffix = ""): string {
  return join(dirname(path), `${basename(path)}.${process.pid}.${randomBytes(8).toString("hex")}.tmp${suffix}`);
}

/**
 * Writes `path` through a temporary file created exclusively (flag "wx", so
 * a link or file already at that name is never followed or reused) with
 * `mode`, filled by `write(tmp)` (which may reopen and truncate it), then
 * renamed over `path` (a rename replaces a link at `path`, never its target).
 */
export function atomicWrite(path: string, write: (tmp: string) => void, mode = 0o600, suffix = ""): void {
  const tmp = tempPath(path, suffix);
  closeSync(openSync(tmp, "wx", mode));
  try {
    write(tmp);
    const st = lstatSync(tmp);
    if (!st.isFile()) throw new Error(`temporary file ${tmp} was replaced while being written`);
    renameSync(tmp, path);
  } catch (e) {
    rmSync(tmp, { force: true });
    throw e;
  }
}

/** `atomicWrite` for a writer that works off the event loop (polars' sink on its own threads). */
export async function atomicWriteAsync(path: string, write: (tmp: string) => Promise<void>, mode = 0o600): Promise<void> {
  const tmp = tempPath(path);
  closeSync(openSync(tmp, "wx", mode));
  try {
    await write(tmp);
    if (!lstatSync(tmp).isFile()) throw new Error(`temporary file ${tmp} was replaced while being written`);
    renameSync(tmp, path);
  } catch (e) {
    rmSync(tmp, { force: true });
    throw e;
  }
}

/** Text through `atomicWrite`. */
export function atomicWriteText(path: string, text: string, mode = 0o600): void {
  atomicWrite(path, (tmp) => {
    const fd = openSync(tmp, "w");
    try {
      writeSync(fd, text);
    } finally {
      closeSync(fd);
    }
  }, mode);
}

/** Whether process `pid` is alive on this machine (a process of another user counts as alive). */
export function pidAlive(pid: number): boolean {
  if (pid === process.pid) return true;
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === "EPERM";
  }
}

/**
 * A temporary file left by a writer that is gone: its process is dead and it
 * is older than `deadAfterMs`, or it has not changed for `maxAgeMs` whoever
 * wrote it (a live writer's file changes while it is written).
 */
export function staleTemp(path: string, now = Date.now(), deadAfterMs = 60_000, maxAgeMs = 3_600_000): boolean {
  const m = TEMP_RE.exec(path);
  if (!m) return false;
  let age: number;
  try {
    age = now - lstatSync(path).mtimeMs;
  } catch {
    return false;
  }
  return age > maxAgeMs || (age > deadAfterMs && !pidAlive(Number(m[1])));
}
