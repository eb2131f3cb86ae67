/** Reads a file in Core Hunter's phenotype format (ID, NAME, a TYPE row, optional MIN/MAX rows) into a polars frame. */
import pl, { type DataFrame } from "nodejs-polars";
import { readFileSync } from "node:fs";

export function readCoreHunterCsv(path: string): { df: DataFrame; columns: string[]; ordinal: string[] } {
  const lines = readFileSync(path, "utf8").trim().split("\n").map((l) => l.split(",").map((c) => c.trim()));
  const header = lines[0]!.slice(2);
  const types = lines.find((l) => l[0] === "TYPE")!.slice(2);
  const rows = lines.slice(1).filter((l) => !["TYPE", "MIN", "MAX"].includes(l[0]!));
  const data: Record<string, unknown[]> = { ID: rows.map((r) => r[0]) };
  header.forEach((name, k) => {
    const t = types[k]!;
    const raw = rows.map((r) => (r[k + 2] === "" || r[k + 2] === undefined ? null : r[k + 2]!));
    data[name] = t.endsWith("B")
      ? raw.map((v) => (v === null ? null : v === "true"))
      : t.endsWith("S")
      ? raw
      : raw.map((v) => (v === null ? null : Number(v)));
  });
  const ordinal = header.filter((_, k) => types[k]!.startsWith("O"));
  return { df: pl.DataFrame(data), columns: header, ordinal };
}
