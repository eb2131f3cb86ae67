// What every notebook shares: the notebook shape and the connect and close cells.

export const nb = (cells) => ({
  cells: cells.map(([type, src], i) =>
    type === "md"
      ? {
        id: `cell-${i}`,
        cell_type: "markdown",
        metadata: {},
        source: src.trim().split("\n").map((l, i, a) => (i < a.length - 1 ? l + "\n" : l)),
      }
      : {
        id: `cell-${i}`,
        cell_type: "code",
        execution_count: null,
        metadata: {},
        outputs: [],
        source: src.trim().split("\n").map((l, i, a) => (i < a.length - 1 ? l + "\n" : l)),
      }
  ),
  metadata: {
    kernelspec: { display_name: "Deno (genesys-notebook)", language: "typescript", name: "genesys-notebook" },
    language_info: { name: "typescript", file_extension: ".ts" },
  },
  nbformat: 4,
  nbformat_minor: 5,
});

/** The connect cell: the real Genesys when its URL is set, otherwise a sandbox of `accessions` generated accessions. */
export const connect = (accessions = 30_000) => {
  const n = accessions.toLocaleString("en");
  return `import { display, Genesys, startSandbox, show } from "genesys-notebook";
// Real Genesys when GENESYS_API_URL and GENESYS_TOKEN (or client id/secret) are set; otherwise a local sandbox.
const useReal = !!Deno.env.get("GENESYS_API_URL");
const sb = useReal ? undefined : await startSandbox({ accessions: ${n.replaceAll(",", "_")}, seed: 42 });
const g = useReal ? Genesys.fromEnv() : new Genesys({ baseUrl: sb!.url, token: sb!.token });
await display(useReal ? "connected to " + g.baseUrl
  : "sandbox on this machine: generated data (${n} accessions, seed 42; exports leave out historic ones, as Genesys does)");`;
};
export const close = `await g.close();
await sb?.close();`;
