/** The GenesysInputError a call throws; fails the test when it throws none or another kind of error. */
import { expect } from "vitest";
import { GenesysInputError } from "../../src/index.ts";

export function thrown(f: () => unknown): GenesysInputError {
  try {
    f();
  } catch (e) {
    expect(e).toBeInstanceOf(GenesysInputError);
    return e as GenesysInputError;
  }
  throw new Error("expected a GenesysInputError");
}
