// Deno smoke test: one end-to-end call under `deno run`, sandbox in-process.
import { Genesys, startSandbox } from "../../src/index.ts";

const sb = await startSandbox({ accessions: 2_000, seed: 3 });
const g = new Genesys({ baseUrl: sb.url, token: sb.token });
try {
  const df = await g.passports({ crop: ["maize"] }, { select: ["INSTCODE", "ACCENUMB", "DECLATITUDE"] });
  if (df.height === 0 || df.schema.DECLATITUDE.variant !== "Float64") throw new Error(`unexpected frame ${df.shape}`);
  const { wide } = await g.traits({ crop: ["maize"] });
  if (wide.height === 0) throw new Error("no trait rows");
  console.log(`deno smoke ok: ${df.height} passports, ${wide.height}x${wide.width} traits`);
} finally {
  await g.close();
  await sb.close();
}
