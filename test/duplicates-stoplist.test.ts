/**
 * The landrace stop-list is data (src/duplicates/stop-words.json): read through its schema, with its source and
 * licence, and the SHA-256 of its words recorded in the file and recomputed here, so an edit to the words that does not
 * restate the hash (and so was not meant) fails.
 */
import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { LANDRACE_STOP_WORDS } from "../src/index.ts";
import { readStopWords } from "../src/duplicates/stoplist.ts";
import { cleanText } from "../src/duplicates/index.ts";

const sha = (words: readonly string[]) => createHash("sha256").update(words.map((w) => `${w}\n`).join("")).digest("hex");

describe("the landrace stop-list (stop-words.json)", () => {
  const file = readStopWords();
  it("has a source, a licence and the hash of its words", () => {
    expect(file.source).toMatch(/PGRdup/);
    expect(file.licence).toMatch(/MIT/);
    expect(sha(LANDRACE_STOP_WORDS)).toBe(file.wordsSha256);
  });
  it("the hash changes with any word (the check can fail)", () => {
    expect(sha([...LANDRACE_STOP_WORDS, "ROJO"])).not.toBe(file.wordsSha256);
    expect(sha(LANDRACE_STOP_WORDS.slice(1))).not.toBe(file.wordsSha256);
  });
  it("its words are written as cleanText() leaves names, each once", () => {
    expect(LANDRACE_STOP_WORDS.length).toBeGreaterThan(140);
    expect(LANDRACE_STOP_WORDS.filter((w) => cleanText(w) !== w)).toEqual([]);
    expect(new Set(LANDRACE_STOP_WORDS).size).toBe(LANDRACE_STOP_WORDS.length);
    expect(LANDRACE_STOP_WORDS).toContain("CRIOLLO");
  });
});
