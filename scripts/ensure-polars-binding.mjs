// Repository set-up (npm "prepare": runs on `npm install` here, not in projects that install the package): makes sure
// nodejs-polars' native binding is
// installed. nodejs-polars ships it as optional per-platform packages that
// declare engines node >= 22, and npm skips optional packages whose engines
// do not match: on Node 20 the binding is left out although it works there.
// Then this unpacks it for this platform into node_modules (`npm install`
// would not: the lockfile marks it inert), not saved to package.json, so the
// repository stays installable on every platform.
// Users of the published package on Node 20 do the same by hand (README).
import { execFileSync } from "node:child_process";
import { createRequire } from "node:module";
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";

const require = createRequire(import.meta.url);
try {
  require("nodejs-polars");
  process.exit(0);
} catch {
  // fall through: install the binding
}
const { platform, arch } = process;
const glibc = platform === "linux" && process.report?.getReport?.().header?.glibcVersionRuntime;
const abi = platform === "linux" ? (glibc ? "-gnu" : "-musl") : platform === "win32" ? "-msvc" : "";
const pkg = `nodejs-polars-${platform}-${arch}${abi}@${require("nodejs-polars/package.json").version}`;
console.error(`ensure-polars-binding: installing ${pkg} (npm skipped it: its engines ask for Node >= 22, this is ${process.version})`);
const npm = process.env.npm_execpath;
const [cmd, args] = npm ? [process.execPath, [npm]] : [platform === "win32" ? "npm.cmd" : "npm", []];
const tmp = mkdtempSync(join(tmpdir(), "polars-binding-"));
try {
  const file = execFileSync(cmd, [...args, "pack", "--silent", "--pack-destination", tmp, pkg], { encoding: "utf8" }).trim().split("\n")
    .pop();
  const dest = join(dirname(require.resolve("nodejs-polars/package.json")), "..", pkg.slice(0, pkg.lastIndexOf("@")));
  mkdirSync(dest, { recursive: true });
  execFileSync("tar", ["-xzf", join(tmp, file), "-C", dest, "--strip-components=1"], { stdio: "inherit" });
  // checked in a new process: this one's module loader remembers the failed lookup
  execFileSync(process.execPath, ["-e", "require('nodejs-polars')"], { cwd: dirname(require.resolve("nodejs-polars/package.json")) });
  console.error(`ensure-polars-binding: ${pkg} unpacked into ${dest}`);
} finally {
  rmSync(tmp, { recursive: true, force: true });
}
