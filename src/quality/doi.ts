/**
 * DOIs as the DOI Handbook defines them (ISO 26324; DOI Handbook §2.2 "Syntax"): a prefix `10.` followed by a
 * registrant code of digits, possibly subdivided by dots (`10.1000`, `10.1000.10`), a `/`, and a suffix of "any
 * printable characters from the legal graphic characters of Unicode", compared case-insensitively. And the DOIs the
 * Global Information System of the Plant Treaty (GLIS) mints for accessions under the prefix `10.18730` (the DOIs
 * Genesys shows): a suffix written in Douglas Crockford's base 32 whose last symbol is a check symbol, the value of the
 * preceding symbols modulo 37 written with `0-9`, `A-Z` without `I L O U`, then `* ~ $ = U` (Crockford, "Base 32",
 * https://www.crockford.com/base32.html). Hyphens in the suffix are ignored, as Crockford's encoding allows.
 */

/** Crockford's 32 symbols and the five extra check symbols. */
const CHECK_SYMBOLS = "0123456789ABCDEFGHJKMNPQRSTVWXYZ*~$=U";
export const GLIS_PREFIX = "10.18730";

/** DOI Handbook syntax: `10.` + registrant code, `/`, a suffix of printable characters (no control or format characters). */
const DOI = /^10\.[0-9]+(?:\.[0-9]+)*\/[^\p{C}]+$/u;
/** The resolver and scheme forms MCPD does not want in the field: a URL, `doi:`, `info:doi/`, `urn:doi:`. */
const PREFIXED = /^(?:https?:\/\/(?:dx\.)?doi\.org\/|doi:\s*|info:doi\/|urn:doi:)/i;
/** Where a second DOI may start in a list: after a separator. */
const LIST = /[;,|\s]+(?:https?:\/\/(?:dx\.)?doi\.org\/|doi:\s*)?10\.[0-9]+(?:\.[0-9]+)*\//i;

export type DoiVerdict =
  | { kind: "ok" }
  | { kind: "url"; bare: string; message: string }
  | { kind: "list"; message: string }
  | { kind: "malformed"; message: string; suggestion?: string }
  | { kind: "check"; message: string; expected: string };

/**
 * The check symbol a GLIS DOI suffix should end with, from the symbols before it; undefined when a body symbol is not
 * one of Crockford's 32 (I, L, O, U or another character).
 * @example
 * ```ts
 * glisCheckSymbol("JV8M"); // "~": 10.18730/JV8M~ is valid
 * ```
 */
export function glisCheckSymbol(body: string): string | undefined {
  let v = 0;
  for (const ch of body.toUpperCase()) {
    if (ch === "-") continue;
    const i = CHECK_SYMBOLS.indexOf(ch);
    if (i < 0 || i > 31) return undefined;
    // (v * 32 + i) mod 37 keeps the number small: the remainder of a long suffix without big integers
    v = (v * 32 + i) % 37;
  }
  return CHECK_SYMBOLS[v];
}

/** The check of a bare DOI under the GLIS prefix: undefined when it passes (or is not a GLIS DOI). */
function glisVerdict(doi: string): DoiVerdict | undefined {
  const slash = doi.indexOf("/");
  if (doi.slice(0, slash) !== GLIS_PREFIX) return undefined;
  const suffix = doi.slice(slash + 1).replaceAll("-", "");
  const body = suffix.slice(0, -1), given = suffix.slice(-1).toUpperCase();
  const expected = body ? glisCheckSymbol(body) : undefined;
  if (expected === undefined) {
    return {
      kind: "malformed",
      message: `a ${GLIS_PREFIX} (GLIS) DOI whose suffix is not Crockford base 32 followed by a check symbol`,
    };
  }
  if (given === expected) return undefined;
  return {
    kind: "check",
    expected,
    message:
      `the check symbol of this ${GLIS_PREFIX} (GLIS) DOI is wrong: '${given}' where the suffix's value modulo 37 gives '${expected}'`,
  };
}

function decoded(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

/**
 * One DOI field judged: a bare DOI (ok, or a GLIS check failure), a URL or `doi:` form (a warning that suggests the
 * bare DOI), a list of DOIs (one field holds one DOI), or not a DOI.
 * @example
 * ```ts
 * checkDoi("10.18730/JPV7P"); // { kind: "ok" }
 * checkDoi("https://doi.org/10.18730/JPV7P"); // { kind: "url", bare: "10.18730/JPV7P", ... }
 * ```
 */
export function checkDoi(value: string): DoiVerdict {
  const v = value.trim();
  if (LIST.test(v)) return { kind: "list", message: "more than one DOI in the field: MCPD's DOI holds the one DOI of this accession" };
  const prefixed = PREFIXED.exec(v);
  const bare = prefixed ? decoded(v.slice(prefixed[0].length)) : v;
  if (!DOI.test(bare)) {
    return { kind: "malformed", message: "not a DOI (DOI Handbook: 10.<registrant>/<suffix>)" };
  }
  const glis = glisVerdict(bare);
  if (glis) return glis;
  if (prefixed) {
    return { kind: "url", bare, message: "a DOI written as a URL or with a scheme; MCPD wants the bare DOI" };
  }
  if (v !== value) return { kind: "malformed", message: "spaces around the DOI", suggestion: v };
  return { kind: "ok" };
}
