/**
 * The letters cleanText() transliterates are data (src/duplicates/fold-letters.json): read through its schema, with
 * its source and licence, and the SHA-256 of its pairs recorded in the file and recomputed here, so an edit to a pair
 * that does not restate the hash (and so was not meant) fails. Each letter is one Unicode does not decompose: that is
 * why the table exists (NFD and removing marks already turn every other accented Latin letter into its base).
 */
import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { cleanText, FoldLettersFile, readFoldLetters } from "../src/duplicates/keywords.ts";

const sha = (pairs: readonly (readonly [string, string])[]) =>
  createHash("sha256").update(pairs.map(([a, b]) => `${a}\t${b}\n`).join("")).digest("hex");

describe("the letters Unicode does not decompose (fold-letters.json)", () => {
  const file = readFoldLetters();
  it("has a source, a licence and the hash of its pairs", () => {
    expect(file.source).toMatch(/Unicode Character Database/);
    expect(file.licence).toMatch(/MIT/);
    expect(sha(file.letters)).toBe(file.lettersSha256);
  });
  it("the hash changes with any pair (the check can fail)", () => {
    expect(sha([...file.letters, ["ŋ", "ng"]])).not.toBe(file.lettersSha256);
    expect(sha(file.letters.map(([a, b]) => [a, a === "ß" ? "s" : b] as const))).not.toBe(file.lettersSha256);
  });
  it("each letter is one NFD leaves as it is, listed once", () => {
    expect(file.letters.length).toBeGreaterThanOrEqual(18);
    expect(file.letters.filter(([a]) => a.normalize("NFD") !== a)).toEqual([]);
    expect(new Set(file.letters.map(([a]) => a)).size).toBe(file.letters.length);
  });
  it("is read through its schema: two letters, a non-ASCII replacement or an unknown field fail", () => {
    expect(FoldLettersFile.safeParse({ ...file, letters: [["ŁŁ", "L"]] }).success).toBe(false);
    expect(FoldLettersFile.safeParse({ ...file, letters: [["Ł", "Ł"]] }).success).toBe(false);
    expect(FoldLettersFile.safeParse({ ...file, extra: 1 }).success).toBe(false);
  });
  it("cleanText() writes names with them as their transliteration", () => {
    expect(cleanText("Łódź")).toBe("LODZ");
    expect(cleanText("Sørum")).toBe("SORUM");
    expect(cleanText("Þór Æsir Straße")).toBe("THOR AESIR STRASSE");
  });
});
