/**
 * Loads nodejs-polars' native binding before anything else and, if it is
 * missing, says which package to install. Every entry point imports this
 * module first; ES modules are evaluated in import order, so the check runs
 * before any module that imports nodejs-polars.
 *
 * The binding ships as one npm package per platform, installed through
 * nodejs-polars' optional dependencies (selected by `os`, `cpu` and `libc`).
 * It goes missing when node_modules was installed on another platform (a
 * shared folder, a Docker image built on a Mac), or with `--omit=optional`.
 */
import { createRequire } from "node:module";
import { existsSync } from "node:fs";

/**
 * The nodejs-polars native package for this platform, e.g. `nodejs-polars-darwin-arm64`.
 * @example
 * ```ts
 * import { polarsBindingPackage } from "genesys-notebook";
 * console.log(`npm install ${polarsBindingPackage()}@0.25.2`);
 * ```
 */
export function polarsBindingPackage(platform: string = process.platform, arch: string = process.arch, musl = isMusl()): string {
  const os = platform === "win32" ? "win32" : platform;
  const abi = platform === "linux" ? (musl ? "-musl" : "-gnu") : platform === "win32" ? "-msvc" : "";
  return `nodejs-polars-${os}-${arch}${abi}`;
}

function isMusl(): boolean {
  // as nodejs-polars decides: glibc reports its runtime version, musl does not
  if (process.platform !== "linux") return false;
  const report = process.report?.getReport?.() as { header?: { glibcVersionRuntime?: string } } | undefined;
  return report ? !report.header?.glibcVersionRuntime : !existsSync("/lib/libc.so.6") && !existsSync("/lib64/libc.so.6");
}

/** Thrown at import when nodejs-polars cannot load its native binding. */
export class PolarsBindingError extends Error {
  override name = "PolarsBindingError";
  readonly code = "GENESYS_POLARS_BINDING";
}

try {
  createRequire(import.meta.url)("nodejs-polars");
} catch (err) {
  const pkg = polarsBindingPackage();
  throw new PolarsBindingError(
    `genesys-notebook: nodejs-polars could not load its native binding for ${process.platform}/${process.arch}. ` +
      `Install the package for this platform in your project: npm install ${pkg}@${polarsVersion()} ` +
      `(it is an optional dependency of nodejs-polars; it is skipped by --omit=optional, and missing when node_modules ` +
      `was installed on another platform: delete node_modules and run npm install here). Underlying error: ${(err as Error).message}`,
    { cause: err },
  );
}

function polarsVersion(): string {
  try {
    return (createRequire(import.meta.url)("nodejs-polars/package.json") as { version: string }).version;
  } catch {
    return "<the nodejs-polars version>";
  }
}
