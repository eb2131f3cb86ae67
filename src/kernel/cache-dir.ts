/**
 * The per-user cache directory of one part of the package: `$<envVar>` when set, else the platform's user cache
 * directory (`$XDG_CACHE_HOME` or `~/.cache`, `~/Library/Caches`, `%LOCALAPPDATA%`) under `genesys-notebook/<name>`;
 * never a shared, predictable temp path.
 */
import { homedir, tmpdir } from "node:os";
import { join } from "node:path";

export function userCacheDir(name: string, envVar: string): string {
  const env = typeof process !== "undefined" ? process.env : {};
  if (env[envVar]) return env[envVar]!;
  let home: string;
  try {
    home = homedir();
  } catch {
    home = tmpdir();
  }
  const base = process.platform === "win32"
    ? env.LOCALAPPDATA || join(home, "AppData", "Local")
    : process.platform === "darwin"
    ? join(home, "Library", "Caches")
    : env.XDG_CACHE_HOME || join(home, ".cache");
  return join(base, "genesys-notebook", name);
}
