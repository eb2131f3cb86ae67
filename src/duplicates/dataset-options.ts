/** The options only `probableDuplicatesInDataset()` has (its third argument): one zod schema, the type inferred. */
import { z } from "zod";
import { GenesysInputError } from "../kernel/errors.ts";
import { shown } from "../kernel/options.ts";

export const DatasetOptionsSchema = z.strictObject({
  /**
   * A block (genus) of more records than this is split by ORIGCTY, so that memory stays bounded whatever the genus
   * (docs/duplicates.md says what the split costs). Default 300,000: the sandbox's 5,000,000 accessions (generator
   * v17) have 7 genera above it, Triticum the largest (803,682 records); each of their countries is a unit of its own.
   */
  maxBlockRecords: z.number().int().min(100).default(300_000),
});

export type DatasetOptionsInput = z.input<typeof DatasetOptionsSchema>;
export type DatasetOptions = z.output<typeof DatasetOptionsSchema>;

export function parseDatasetOptions(value: unknown): DatasetOptions {
  const r = DatasetOptionsSchema.safeParse(value ?? {});
  if (r.success) return r.data;
  const issue = r.error.issues[0]!;
  const key = issue.code === "unrecognized_keys" ? issue.keys[0]! : issue.path.join(".");
  throw new GenesysInputError(`dataset option ${key} = ${shown((value as Record<string, unknown>)?.[key])}: ${issue.message}`, {
    endpoint: "probableDuplicatesInDataset()",
    hint: `the third argument accepts ${Object.keys(DatasetOptionsSchema.shape).join(", ")}; the finder's options go in the second`,
  });
}
