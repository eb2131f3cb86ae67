/**
 * Native memory held by dropped polars frames, given back.
 *
 * A nodejs-polars DataFrame is a small JavaScript object over Rust memory that
 * is freed only when V8 collects the object, and V8 does not count that memory:
 * a loop that makes and drops a 100 MB frame per block grows its JavaScript
 * heap by a few kilobytes a block, so no major collection comes, and the
 * dropped frames pile up (the Parquet sink of 4.85 million passports: 1.28 GB
 * peak RSS without collections, 0.78 GB with one per block). `NativeMemory`
 * asks for a major collection when the resident set has grown by `stepMB`
 * since the last one.
 *
 * The collector comes from V8 itself (`--expose-gc` set at run time, then the
 * `gc` of a fresh context: Node and Deno): nothing is added to `globalThis`, and
 * where V8 refuses, `release()` does nothing and memory is as before.
 */
import v8 from "node:v8";
import vm from "node:vm";
import process from "node:process";

let collector: (() => void) | null | undefined;

/** V8's full collection, or null where it cannot be had. */
function fullGc(): (() => void) | null {
  if (collector !== undefined) return collector;
  try {
    const exposed = (globalThis as { gc?: () => void }).gc;
    if (typeof exposed === "function") return (collector = exposed);
    v8.setFlagsFromString("--expose-gc");
    const gc = vm.runInNewContext("gc") as unknown;
    collector = typeof gc === "function" ? (gc as () => void) : null;
  } catch {
    collector = null;
  }
  return collector;
}

const rssMB = () => process.memoryUsage.rss() / 2 ** 20;

export class NativeMemory {
  private base = rssMB();
  /** Collections asked for so far. */
  collections = 0;

  /** `stepMB`: growth of the resident set that asks for a collection. */
  constructor(private readonly stepMB = 96) {}

  /** Collects when the resident set grew by `stepMB` since the last collection; cheap otherwise. */
  release(): void {
    const now = rssMB();
    if (now - this.base < this.stepMB) return;
    const gc = fullGc();
    if (!gc) return;
    gc();
    this.collections++;
    this.base = rssMB();
  }
}
