/**
 * The error family, table-driven: every class with its name, code, parent,
 * default hint and whether the transport retries it, constructed with the one
 * options shape; `instanceof` across two loaded copies of the module.
 */
import { describe, expect, it } from "vitest";
import * as errors from "../src/kernel/errors.ts";
import {
  ERROR_CLASSES,
  GenesysAbortError,
  GenesysAuthError,
  GenesysCacheMissError,
  GenesysCredentialsError,
  GenesysError,
  GenesysInputError,
  GenesysNetworkError,
  GenesysRequestError,
  GenesysResponseError,
  GenesysServerError,
} from "../src/kernel/errors.ts";

// [class, name, code, parent, has a default hint]
const TABLE = [
  [GenesysError, "GenesysError", "GENESYS_ERROR", Error, false],
  [GenesysAuthError, "GenesysAuthError", "GENESYS_AUTH", GenesysError, false],
  [GenesysCredentialsError, "GenesysCredentialsError", "GENESYS_CREDENTIALS", GenesysAuthError, false],
  [GenesysRequestError, "GenesysRequestError", "GENESYS_REQUEST", GenesysError, false],
  [GenesysServerError, "GenesysServerError", "GENESYS_SERVER", GenesysError, false],
  [GenesysResponseError, "GenesysResponseError", "GENESYS_RESPONSE", GenesysError, true],
  [GenesysInputError, "GenesysInputError", "GENESYS_INPUT", GenesysError, false],
  [GenesysNetworkError, "GenesysNetworkError", "GENESYS_NETWORK", GenesysError, false],
  [GenesysCacheMissError, "GenesysCacheMissError", "GENESYS_CACHE_MISS", GenesysError, true],
  [GenesysAbortError, "GenesysAbortError", "GENESYS_ABORTED", GenesysError, false],
] as const;

/** A class and its ancestors, from the table's parent column. */
function chain(C: unknown): unknown[] {
  const out = [C];
  for (let row = TABLE.find((r) => r[0] === C); row && row[3] !== Error; row = TABLE.find((r) => r[0] === row![3])) out.push(row[3]);
  return out;
}

describe("error classes", () => {
  it("the table covers every class", () => {
    expect(TABLE.map((r) => r[0])).toEqual([...ERROR_CLASSES]);
  });

  for (const [Cls, name, code, Parent, defaultHint] of TABLE) {
    it(`${name}: one options shape, its code, its parent, cause and request id kept`, () => {
      const cause = new Error("socket hang up");
      const e = new (Cls as typeof GenesysError)("it broke", { endpoint: "POST /api/v2/acn/query", status: 0, cause, requestId: "r-1" });
      expect(e.name).toBe(name);
      expect(e.code).toBe(code);
      expect(e).toBeInstanceOf(Cls);
      expect(e).toBeInstanceOf(Parent);
      expect(e).toBeInstanceOf(GenesysError);
      expect(e).toBeInstanceOf(Error);
      expect(e.endpoint).toBe("POST /api/v2/acn/query");
      expect(e.message.split("\n")[0]).toBe("POST /api/v2/acn/query: it broke [request id r-1]");
      expect(e.cause).toBe(cause);
      expect(e.requestId).toBe("r-1");
      expect(Boolean(e.hint)).toBe(defaultHint);
      // a more specific code wins; a given hint replaces the default
      const specific = new (Cls as typeof GenesysError)("x", { endpoint: "e", code: "GENESYS_CSV_RECORD", hint: "do this" });
      expect(specific.code).toBe("GENESYS_CSV_RECORD");
      expect(specific.message).toMatch(/\nHint: do this$/);
      // an instance of its own class and its ancestors in the table, of no other
      for (const [Other] of TABLE) expect(e instanceof Other, `${name} instanceof ${Other.name}`).toBe(chain(Cls).includes(Other));
    });
  }

  it("an error status is in the headline, a 200 is not", () => {
    expect(new GenesysRequestError("bad key", { endpoint: "POST /api/v2/acn/query", status: 400 }).message).toMatch(
      /^POST \/api\/v2\/acn\/query -> HTTP 400: bad key/,
    );
    expect(new GenesysResponseError("bad body", { endpoint: "E", status: 200, path: "content[0]" }).message).toMatch(/^E: bad body/);
    expect(new GenesysResponseError("bad body", { endpoint: "E", status: 200, path: "content[0]" }).path).toBe("content[0]");
  });

  it("GenesysAbortError says why from its reason", () => {
    const e = new GenesysAbortError({ endpoint: "E", reason: new Error("interrupted") });
    expect(e.message.split("\n")[0]).toBe("E: aborted: interrupted");
    expect(e.reason).toBeInstanceOf(Error);
  });

  it("errorForStatus picks the class by status and the hint by status", () => {
    const cases: [number, typeof GenesysError][] = [
      [401, GenesysAuthError],
      [403, GenesysAuthError],
      [400, GenesysRequestError],
      [
        404,
        GenesysRequestError,
      ],
      [500, GenesysServerError],
      [503, GenesysServerError],
    ];
    for (const [status, Cls] of cases) {
      const e = errors.errorForStatus("E", status, "nope");
      expect(e, String(status)).toBeInstanceOf(Cls);
      expect(e.status).toBe(status);
      expect(e.serverMessage).toBe("nope");
      expect(e.hint).toBe(errors.hintFor(status));
    }
  });

  it("instanceof holds across two loaded copies of the package", async () => {
    // a second module instance, as a notebook that loads the package twice has
    const copy = (await import("../src/kernel/errors.ts?copy")) as typeof errors;
    expect(copy.GenesysResponseError).not.toBe(GenesysResponseError);
    const theirs = new copy.GenesysResponseError("x", { endpoint: "E" });
    expect(theirs).toBeInstanceOf(GenesysResponseError);
    expect(theirs).toBeInstanceOf(GenesysError);
    expect(theirs).not.toBeInstanceOf(GenesysAuthError);
    expect(new GenesysCredentialsError("x", { endpoint: "E" })).toBeInstanceOf(copy.GenesysAuthError);
    expect(new Error("plain")).not.toBeInstanceOf(copy.GenesysError);
  });
});
