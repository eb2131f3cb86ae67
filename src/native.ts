/**
 * Loads nodejs-polars' native binding before anything else and, if it is
 * missing, says which package to install. Every entry point imports this
 * module first; ES modules are evaluated in import order, so the check runs
 * before any module that imports nodejs-polars.
 *
 * The binding ships as one npm package per platform, installed through
 * nodejs-polars' optional dependencies (selected by `os`, `cpu` and `libc`).
 * npm skips it on Node 20 (the packages declare engines node >= 22), with
 * `--omit=optional`, and a node_modules installed on another platform (a shared
 * folder, a Docker image built on a Mac) holds another platform's.
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

/** Thrown at import when nodejs-polars cannot load its native binding; its message says why and the command that fixes it. */
export class PolarsBindingError extends Error {
  override name = "PolarsBindingError";
  readonly code = "GENESYS_POLARS_BINDING";
}

/** The message for a binding that does not load: the cause first, then the one command that fixes it. */
export function polarsBindingMessage(
  pkg: string,
  version: string,
  installed: boolean,
  nodeVersion: string = process.version,
  underlying = "",
): string {
  const major = Number(nodeVersion.replace(/^v/, "").split(".")[0]);
  const where = `${process.platform}/${process.arch}`;
  const why = installed
    ? `${pkg} is installed but does not load here (${underlying.split("\n")[0]})`
    : major < 22
    ? `npm did not install ${pkg}, nodejs-polars' native package for ${where}: it declares engines node >= 22 and this is ` +
      `Node ${nodeVersion}, so npm skips it without a word`
    : `${pkg}, nodejs-polars' native package for ${where}, is not installed (npm install --omit=optional leaves it out, and ` +
      "a node_modules installed on another platform holds another one)";
  const fix = major < 22
    ? `Fix, in your project folder: npm install ${pkg}@${version}   (or use Node 22 or 24 LTS, where npm installs it by itself)`
    : installed
    ? "Fix, in your project folder: delete node_modules and run npm install"
    : `Fix, in your project folder: npm install ${pkg}@${version}`;
  return `genesys-notebook cannot load nodejs-polars: ${why}.\n${fix}`;
}

try {
  createRequire(import.meta.url)("nodejs-polars");
} catch (err) {
  const pkg = polarsBindingPackage();
  const e = new PolarsBindingError(
    polarsBindingMessage(pkg, polarsVersion(), bindingInstalled(pkg), process.version, String((err as Error)?.message ?? err)),
  );
  // the message is the whole story (cause and fix); a stack of module loading would only bury it
  e.stack = `${e.name}: ${e.message}`;
  throw e;
}

function bindingInstalled(pkg: string): boolean {
  for (const from of [import.meta.url, polarsPackageJson()]) {
    if (!from) continue;
    try {
      createRequire(from).resolve(`${pkg}/package.json`);
      return true;
    } catch {
      // not found from here
    }
  }
  return false;
}

function polarsPackageJson(): string | undefined {
  try {
    return createRequire(import.meta.url).resolve("nodejs-polars/package.json");
  } catch {
    return undefined;
  }
}

function polarsVersion(): string {
  try {
    return (createRequire(import.meta.url)("nodejs-polars/package.json") as { version: string }).version;
  } catch {
    return "<the nodejs-polars version>";
  }
}
