/**
 * The engine's named events (src/client/csv/events.ts): a subscriber sees every block cut and the phases' times; with
 * no subscriber the engine reads no clock.
 */
import diagnostics_channel from "node:diagnostics_channel";
import { describe, expect, it } from "vitest";
import { BLOCK_CHANNEL, type BlockEvent, clock, PHASE_CHANNEL, type PhaseEvent } from "../../src/client/csv/events.ts";
import { typedBlocks } from "../../src/client/csv/stream.ts";

async function* chunks(text: string, size: number) {
  const bytes = Buffer.from(text);
  for (let i = 0; i < bytes.length; i += size) yield bytes.subarray(i, i + size);
}

describe("export events", () => {
  it("a subscriber sees each block's bytes and the phases; without one, no clock is read", async () => {
    expect(clock()).toBe(0);
    const header = "INSTCODE\tACCENUMB\n";
    const body = Array.from({ length: 20_000 }, (_, i) => `COL003\tG${i}\n`).join("");
    const blocks: number[] = [];
    const seen = new Set<string>();
    const onBlock = (m: unknown) => blocks.push((m as BlockEvent).bytes);
    const onPhase = (m: unknown) => seen.add((m as PhaseEvent).phase);
    diagnostics_channel.subscribe(BLOCK_CHANNEL, onBlock);
    diagnostics_channel.subscribe(PHASE_CHANNEL, onPhase);
    let handed = 0;
    try {
      expect(clock()).toBeGreaterThan(0);
      for await (const _ of typedBlocks(chunks(header + body, 4096), { endpoint: "t", kinds: () => ({}), blockBytes: 64 * 1024 })) handed++;
    } finally {
      diagnostics_channel.unsubscribe(BLOCK_CHANNEL, onBlock);
      diagnostics_channel.unsubscribe(PHASE_CHANNEL, onPhase);
    }
    expect(blocks.length).toBe(handed);
    expect(blocks.length).toBeGreaterThan(1);
    expect(blocks.reduce((a, b) => a + b, 0)).toBe(Buffer.byteLength(body));
    for (const phase of ["receive", "utf8", "scan", "cut", "parse", "waitParse"]) expect(seen).toContain(phase);
    expect(clock()).toBe(0);
  });
});
