import { close } from "./common.mjs";

/** Cells of notebooks/07-duplicates.ipynb: [kind, source] pairs. */
export default [
  [
    "md",
    "# The same seed in several genebanks\n" +
    "Bean material is held by several genebanks: safety duplicates, samples one genebank received from another and " +
    "registered under its own number (with `DONORCODE` and `DONORNUMB` naming the origin), collecting samples split " +
    "between institutes. `probableDuplicates()` links such records, deterministic evidence first (the same DOI, a donor " +
    "or `OTHERNUMB` pointing at another record, the same collecting number), then names and numbers matched as the R " +
    "package PGRdup does, which join records only when the rest of the passport corroborates them: no other species, " +
    "origin or collecting day, and a second support such as the same collecting site (docs/duplicates.md says what " +
    "each kind of evidence can and cannot establish, and how the finder compares with PGRdup on its own example " +
    "data). Against the sandbox, started with `plantDuplicates: true`: " +
    "its copies are planted by the sandbox itself, so what is found here is a **self-test**, not a finding about real " +
    "genebanks. Set GENESYS_API_URL and a token to look at the real data.",
  ],
  [
    "code",
    `import { display, Genesys, pl, probableDuplicates, safetyDuplication, startSandbox } from "genesys-notebook";
import { sharedMaterialMatrix } from "genesys-notebook/plot";
const useReal = !!Deno.env.get("GENESYS_API_URL");
const sb = useReal ? undefined : await startSandbox({ accessions: 30_000, seed: 42, plantDuplicates: true });
const g = useReal ? Genesys.fromEnv() : new Genesys({ baseUrl: sb!.url, token: sb!.token });
await display(useReal ? "connected to " + g.baseUrl : "sandbox on this machine: generated data with planted duplicates (a self-test)");`,
  ],
  ["md", "**1. Every genebank's bean passports**, and the links between them."],
  [
    "code",
    `const beans = await g.passports({ crop: ["beans"] });
const dups = probableDuplicates(beans);
await display(\`\${beans.height.toLocaleString("en")} bean accessions from \${beans.getColumn("INSTCODE").nUnique()} genebanks\`);
await display(dups.summary);`,
  ],
  [
    "md",
    "**2. Which genebanks share material.** Each cell counts the sets of probable duplicates that both institutes hold " +
    "a record of. The axes carry the institutes' WIEWS codes; their names, asked of Genesys with `g.instituteNames()`, " +
    "are the key under the matrix, so that the figure still says which genebank is which when it is shared as a picture.",
  ],
  [
    "code",
    `const institutes = [...new Set(dups.sets.getColumn("INSTCODE").toArray() as string[])].sort();
const names = await g.instituteNames(institutes);
await display(sharedMaterialMatrix(dups.sets, { title: "Bean material shared between genebanks (sets)", names }));`,
  ],
  [
    "md",
    "**3. Sets to review.** Deterministic cores can be accepted as they are; sets that hold together by name or " +
    "number evidence are for a curator to confirm. The weakest link that holds each set is shown; the pairs' " +
    "`evidence` lists what the passports agree and conflict on.",
  ],
  [
    "code",
    `const review = dups.sets
  .filter(pl.col("holds_by").neq(pl.lit("deterministic")))
  .sort(["set_id", "INSTCODE", "ACCENUMB"])
  .select("set_id", "holds_by", "INSTCODE", "ACCENUMB", "ACCENAME", "min_link_score");
await display(\`\${review.getColumn("set_id").nUnique()} sets hold by name or number evidence; the first 12 records:\`);
await display(review.head(12));`,
  ],
  [
    "md",
    "**4. The review list: pairs the finder would not merge, best first.** A pair that no rule lets join a set (a " +
    "shared word, a name with a typo, a common name) is not thrown away: `dups.review` ranks them by how likely they " +
    "are one material (the kinds of evidence and how rare the matched words are in the genus, how much of the two " +
    "names they cover, and what the rest of the passport agrees or conflicts on), one pair per ten records by default " +
    '(`reviewPairs: "all"` gives every one). Each row has the two records and the evidence in words ' +
    "(which passport fields agree, with their values), as PGRdup's `ReviewProbDup()` lays sets out for a curator; " +
    "`dups.review` also holds the two records' species, origin, status and collecting site side by side.\n\n" +
    "**What a curator does with it**: read from the top, and for each pair compare the two records' fields: the same " +
    "name written another way, the same species and origin, a collecting site or date that agrees, and no conflict, " +
    "make a likely duplicate; then ask the other genebank (its accession number is in the row) or compare the seed, " +
    "and record the link in the passport (`OTHERNUMB` as `INSTCODE:ACCENUMB`, or `DONORCODE` and `DONORNUMB`), " +
    "which the finder then reads as a deterministic link. Stop when the pairs no longer look alike: the list is " +
    "ordered so that the few real duplicates come first.",
  ],
  [
    "code",
    `await display(\`\${dups.review.height} pairs to review (of \${beans.height.toLocaleString("en")} records); the first 10:\`);
await display(
  dups.review.head(10).select(
    "rank", pl.col("review_score").round(2), "INSTCODE_a", "ACCENUMB_a", "ACCENAME_a",
    "INSTCODE_b", "ACCENUMB_b", "ACCENAME_b", "evidence", "conflicts",
  ),
);`,
  ],
  ["md", "**5. The evidence of the probable pairs**, in words, strongest first."],
  [
    "code",
    `await display(
  dups.pairs.filter(pl.col("strength").eq(pl.lit("probable")))
    .sort(["score", "INSTCODE_a", "ACCENUMB_a"], [true, false, false])
    .select("score", "kinds", "evidence", "INSTCODE_a", "ACCENUMB_a", "INSTCODE_b", "ACCENUMB_b")
    .head(8),
);`,
  ],
  [
    "md",
    "**6. Safety duplication per genebank**: accessions with `DUPLSITE`, `DUPLSITE` codes naming the holder itself or " +
    "no institute code, and accessions with a probable duplicate in another genebank.",
  ],
  ["code", `await display(safetyDuplication(beans, dups))`],
  ["code", close],
];
