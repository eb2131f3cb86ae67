/**
 * NativeMemory: dropped polars frames are collected when the resident set has
 * grown, so their native memory comes back (the Parquet sink's bound).
 */
import pl from "nodejs-polars";
import { describe, expect, it } from "vitest";
import { NativeMemory } from "../src/kernel/native-memory.ts";

const tick = () => new Promise((r) => setTimeout(r, 0));

describe("NativeMemory", () => {
  it("collects a dropped frame once the resident set grew by the step", async () => {
    let frame: pl.DataFrame | undefined = pl.DataFrame({ x: Array.from({ length: 1000 }, (_, i) => i) });
    const ref = new WeakRef(frame);
    frame = undefined;
    await tick(); // a WeakRef keeps its target alive until the job that made it ends
    new NativeMemory(0).release();
    await tick();
    expect(ref.deref()).toBeUndefined();
  });

  it("asks for no collection until the resident set has grown by the step", () => {
    const memory = new NativeMemory(1e6);
    memory.release();
    expect(memory.collections).toBe(0);
    const every = new NativeMemory(0);
    every.release();
    every.release();
    expect(every.collections).toBe(2);
  });
});
