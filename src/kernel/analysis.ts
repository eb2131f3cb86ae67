/**
 * The one way to write an analysis. An analysis is declared (its name, a zod schema of its options, the columns it
 * needs) with a body; `defineAnalysis()` wraps the body in the plumbing every analysis shares, written here once:
 *
 * - the input is a polars DataFrame, else a GenesysInputError saying what to pass;
 * - the options are parsed by the one options parser (kernel/options.ts): an unknown option is a GenesysInputError
 *   naming it and the closest known one, a wrong value says what is accepted; defaults come from the schema;
 * - the columns the analysis needs are present (and numeric or text where it says so), else a GenesysInputError
 *   naming them, the closest column the frame has, and what to select;
 * - every frame of the result leaves with provenance derived from the input's (`derivedProvenance`: the source data
 *   stay cited, the derivation says which function made it and with which options) and with diagnostics (what the
 *   body noted or coerced, through its context).
 *
 * Modelled on CoordinateCleaner's `cc_*` tests and bdc's checks: one signature, one kind of result, one summary.
 */
import type { DataFrame } from "nodejs-polars";
import type { z } from "zod";
import { attachDiagnostics, CoercionLog } from "./diagnostics.ts";
import { GenesysInputError } from "./errors.ts";
import { attachProvenance, derivedProvenance, type Provenance, provenance, rowCount } from "./provenance.ts";
import { checkOptionsWith, closest } from "./options.ts";

/** A column an analysis reads: its name, and the kind of values it must hold when present. */
export interface ColumnNeed {
  name: string;
  /** `numeric`: an integer or float column; `text`: a string or categorical column; absent: any dtype. */
  type?: "numeric" | "text";
}

/** What the body of an analysis is given besides the frame and its options. */
export interface AnalysisContext {
  /** The function's name as messages show it, e.g. `checkPassports()`. */
  readonly name: string;
  /** Coercions and notes; they become the diagnostics of every frame in the result. */
  readonly log: CoercionLog;
  /** A GenesysInputError naming this function, with what to do instead. */
  fail(message: string, hint?: string, code?: string): never;
  /** Cites another input frame (a second table joined in): its provenance joins the result's. */
  cite(frame: DataFrame | undefined): void;
}

export interface AnalysisDeclaration<S extends z.ZodObject, R, A extends unknown[]> {
  /** The function's name with parentheses, as messages show it: `checkPassports()`. */
  name: string;
  /** The provenance kind of the result (`quality`); a result object's frames get `quality.<key>`. */
  kind: string;
  /** What the input frame holds, for the message when something else is passed: "passports (from g.passports())". */
  input?: string;
  /** The options; a strict object, so an unknown key is an error. The body receives the parsed value, defaults applied. */
  options: S;
  /** The columns the frame must have, given the parsed options. */
  columns?: readonly ColumnNeed[] | ((options: z.output<S>, frame: DataFrame) => readonly ColumnNeed[]);
  /**
   * Whether a missing column is offered the closest column the frame has (default true); false where the frame's
   * columns are other fields of their own, as MCPD's ACCENAME is not a misspelt ACCENUMB.
   */
  suggestColumns?: boolean;
  /** What to type to get a missing column, e.g. `g.passports(filter, { select: [...] })`. */
  selectHint?: (missing: string[]) => string;
  /**
   * Inputs that stand for a frame without being one (a Parquet folder of passports): given such an input, returns its
   * columns with their dtypes and its provenance, so that the columns are checked and the source cited as a frame's
   * would be; undefined when the input is not one. The body receives the input as it was given.
   */
  source?: (input: unknown) => FrameSource | undefined;
  run(frame: DataFrame, options: z.output<S>, context: AnalysisContext, ...more: A): R;
}

/** What an input that stands for a frame (`AnalysisDeclaration.source`) shows of itself. */
export interface FrameSource {
  readonly columns: readonly string[];
  /** Each column's dtype by its variant (`String`, `Float64`…), as the type check reads it. */
  readonly schema: Record<string, { readonly variant: string }>;
  readonly provenance: Provenance | undefined;
}

/** A declared analysis: `(frame, options?, ...more)`, with every frame of its result carrying provenance and diagnostics. */
export type Analysis<S extends z.ZodObject, R, A extends unknown[]> = ((frame: DataFrame, options?: z.input<S>, ...more: A) => R) & {
  readonly declaration: AnalysisDeclaration<S, R, A>;
};

/** Whether a value is a polars DataFrame (its fields are native getters, so it is recognised by its methods and columns). */
export const isFrame = (x: unknown): x is DataFrame =>
  !!x && typeof x === "object" && Array.isArray((x as { columns?: unknown }).columns) &&
  typeof (x as { getColumn?: unknown }).getColumn === "function";

const NUMERIC = /^(U?Int(8|16|32|64)|Float(32|64)|Decimal)$/;
const TEXT = /^(Utf8|String|Categorical|Enum)$/;

/** Checks the frame and the columns the analysis needs; returns the parsed options. */
function checkInput<S extends z.ZodObject>(
  d: AnalysisDeclaration<S, unknown, never>,
  input: unknown,
  options: unknown,
): z.output<S> {
  const frame = isFrame(input) ? input : d.source?.(input);
  if (!frame) {
    throw new GenesysInputError(`expects a polars DataFrame of ${d.input ?? "passports (MCPD columns)"}`, {
      endpoint: d.name,
      hint: "pass the frame g.passports() returned (or a frame read with pl.readCSV / pl.readParquet)",
    });
  }
  checkOptionsWith(d.name, d.options, options);
  const parsed = d.options.parse(options ?? {}) as z.output<S>;
  const needs = typeof d.columns === "function" ? d.columns(parsed, frame as DataFrame) : d.columns ?? [];
  const schema = frame.schema as Record<string, { variant: string }>;
  const missing = needs.filter((c) => !(c.name in schema)).map((c) => c.name);
  if (missing.length) {
    const near = d.suggestColumns === false ? [] : missing.flatMap((m) => closest(m, frame.columns, 1).map((c) => `'${c}' for '${m}'`));
    throw new GenesysInputError(`the frame has no column ${missing.map((m) => `"${m}"`).join(", ")}`, {
      endpoint: d.name,
      code: "GENESYS_MISSING_COLUMNS",
      hint: [near.length ? `did you mean ${near.join(", ")}?` : "", d.selectHint?.(missing) ?? `select ${missing.join(", ")} too`]
        .filter(Boolean).join(" "),
    });
  }
  for (const c of needs) {
    const variant = schema[c.name]?.variant ?? "";
    const want = c.type === "numeric" ? NUMERIC : c.type === "text" ? TEXT : undefined;
    if (want && !want.test(variant)) {
      throw new GenesysInputError(`column "${c.name}" is ${variant}; it must be ${c.type}`, {
        endpoint: d.name,
        code: "GENESYS_COLUMN_TYPE",
        hint: c.type === "numeric"
          ? `cast it first: df.withColumns(pl.col("${c.name}").cast(pl.Float64, true))`
          : `cast it first: df.withColumns(pl.col("${c.name}").cast(pl.Utf8))`,
      });
    }
  }
  return parsed;
}

/** The frames of a result: the result itself, or each top-level frame of a result object, by provenance kind. */
function framesOf(result: unknown, kind: string): [string, DataFrame][] {
  if (isFrame(result)) return [[kind, result]];
  if (!result || typeof result !== "object") return [];
  return Object.entries(result).filter((e): e is [string, DataFrame] => isFrame(e[1])).map(([k, f]) => [`${kind}.${k}`, f]);
}

/** Declares an analysis; see the module's header. */
export function defineAnalysis<S extends z.ZodObject, R, A extends unknown[] = []>(
  d: AnalysisDeclaration<S, R, A>,
): Analysis<S, R, A> {
  const analysis = (frame: DataFrame, options?: z.input<S>, ...more: A): R => {
    const parsed = checkInput(d as unknown as AnalysisDeclaration<S, unknown, never>, frame, options);
    const log = new CoercionLog();
    const cited: (Provenance | undefined)[] = [isFrame(frame) ? provenance(frame) : d.source?.(frame)?.provenance];
    const context: AnalysisContext = {
      name: d.name,
      log,
      fail(message, hint, code) {
        throw new GenesysInputError(message, { endpoint: d.name, ...(hint ? { hint } : {}), ...(code ? { code } : {}) });
      },
      cite(other) {
        cited.push(other ? provenance(other) : undefined);
      },
    };
    const result = d.run(frame, parsed, context, ...more);
    // an analysis over a source read part by part may be asynchronous: its frames are finished when they exist
    if (result instanceof Promise) return result.then((done) => finish(done, parsed, log, cited)) as R;
    return finish(result, parsed, log, cited);
  };
  const finish = <T>(result: T, parsed: z.output<S>, log: CoercionLog, cited: (Provenance | undefined)[]): T => {
    if (!cited.some(Boolean)) {
      log.note(
        `${d.name}: the input frame has no provenance (not made by the client, or derived with polars), ` +
          "so the result cannot cite its source",
      );
    }
    for (const [kind, out] of framesOf(result, d.kind)) {
      const p = derivedProvenance(cited, { by: d.name, options: parsed, kind, rows: rowCount(out) });
      if (p) attachProvenance(out, p);
      attachDiagnostics(out, log.toDiagnostics(d.name));
    }
    return result;
  };
  return Object.assign(analysis, { declaration: d });
}
