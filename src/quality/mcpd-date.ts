/**
 * MCPD v2.1 dates (ACQDATE, COLLDATE): `YYYYMMDD`, where "missing data (MM or DD) should be indicated with hyphens or
 * '00' [double zero]" (FAO/Bioversity Multi-Crop Passport Descriptors v2.1, 2015, descriptors 12 and 17). So
 * `19790612`, `197906--`, `1979----`, `19790600` and `19790000` are all valid; `1979--12` and `19790012` (a day without
 * a month) are not.
 */

export type DatePrecision = "day" | "month" | "year";

export interface McpdDate {
  /** The value has the MCPD form and names a day, month or year that exists. */
  ok: boolean;
  /** Why not, when not ok. */
  reason?: string;
  precision?: DatePrecision;
  /** Earliest and latest day the date may mean, as YYYYMMDD numbers (NaN when not ok). */
  earliest: number;
  latest: number;
}

const FORM = /^([0-9]{4})([0-9]{2}|--)([0-9]{2}|--)(\.0+)?$/;

function daysIn(y: number, m: number): number {
  if (m === 2) return y % 4 === 0 && (y % 100 !== 0 || y % 400 === 0) ? 29 : 28;
  return m === 4 || m === 6 || m === 9 || m === 11 ? 30 : 31;
}

/**
 * Reads an MCPD date. A trailing `.0` (the date written as a floating-point number by a spreadsheet or pandas, as in
 * CIAT's table of Genesys rows: `19790601.0`) is read as the date it renders. Years before 1000 are refused (MCPD dates
 * are four-digit years of collecting or acquisition).
 * @example
 * ```ts
 * mcpdDate("19790600"); // { ok: true, precision: "month", earliest: 19790601, latest: 19790630 }
 * ```
 */
export function mcpdDate(v: string): McpdDate {
  const bad = (reason: string): McpdDate => ({ ok: false, reason, earliest: NaN, latest: NaN });
  const m = FORM.exec(v);
  if (!m) return bad("not YYYYMMDD (MCPD: -- or 00 for an unknown month or day)");
  const y = Number(m[1]);
  const month = m[2] === "--" || m[2] === "00" ? undefined : Number(m[2]);
  const day = m[3] === "--" || m[3] === "00" ? undefined : Number(m[3]);
  if (y < 1000) return bad(`year ${m[1]} is not a year of collecting or acquisition`);
  if (month === undefined && day !== undefined) return bad("a day without a month");
  if (month !== undefined && month > 12) return bad(`month ${m[2]} does not exist`);
  if (month !== undefined && day !== undefined && day > daysIn(y, month)) return bad(`${y}-${m[2]} has no day ${m[3]}`);
  const precision: DatePrecision = day !== undefined ? "day" : month !== undefined ? "month" : "year";
  return {
    ok: true,
    precision,
    earliest: y * 10_000 + (month ?? 1) * 100 + (day ?? 1),
    latest: y * 10_000 + (month ?? 12) * 100 + (day ?? daysIn(y, month ?? 12)),
  };
}

/**
 * Whether date `a` is certainly after date `b`, compared at the precision both have: `1979----` against `19790500`
 * cannot be ordered (false), against `19780500` it can (true). That is: every day `a` may mean is after every day `b`
 * may mean.
 */
export function certainlyAfter(a: McpdDate, b: McpdDate): boolean {
  return a.ok && b.ok && a.earliest > b.latest;
}
