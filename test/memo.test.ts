import { describe, expect, it } from "vitest";
import { Memo } from "../src/sandbox/http/memo.ts";

describe("Memo", () => {
  it("computes once per key, evicts the least recently used, and forgets failures", async () => {
    const memo = new Memo<number>(2);
    let calls = 0;
    const compute = (v: number) => () => Promise.resolve((calls++, v));
    expect(await memo.get("a", compute(1))).toBe(1);
    expect(await memo.get("a", compute(99))).toBe(1);
    await memo.get("b", compute(2));
    await memo.get("a", compute(99)); // a is now the most recent
    await memo.get("c", compute(3)); // evicts b
    expect(await memo.get("a", compute(99))).toBe(1);
    expect(await memo.get("b", compute(4))).toBe(4);
    expect(calls).toBe(4);
    await expect(memo.get("d", () => Promise.reject(new Error("boom")))).rejects.toThrow("boom");
    expect(await memo.get("d", compute(5))).toBe(5);
  });
});
