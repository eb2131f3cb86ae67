/**
 * worldclimDownload() against a loopback server that serves a zip of generated GeoTIFFs named as WorldClim 2.1's,
 * cuts it half way (the next call resumes with an HTTP Range request), corrupts it (a CRC-32 error, the zip removed,
 * no half file under a final name), leaves a layer out (refused), or is down (HTTP 503). Nothing reaches the internet.
 */
import { createServer, type Server } from "node:http";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { zipSync } from "fflate";
import pl from "nodejs-polars";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { writeGeoTiff } from "../src/climate/geotiff-write.ts";
import { climateAtSites } from "../src/climate/sites.ts";
import { worldclimDownload, worldclimFiles, type WorldclimProgress } from "../src/climate/worldclim.ts";

const tmp = mkdtempSync(join(tmpdir(), "climate-wc-"));
const grid = { xmin: -180, xmax: 180, ymin: -90, ymax: 90, ncol: 72, nrow: 36 };
/** The zip of 19 generated layers, bio_k holding k everywhere (and a README, as WorldClim's zips hold none but could). */
function zipOf(leaveOut?: string): Uint8Array {
  const members: Record<string, Uint8Array> = { "README.txt": new TextEncoder().encode("generated for a test") };
  for (const [k, name] of worldclimFiles("bio", "10m").entries()) {
    if (name === leaveOut) continue;
    const f = join(tmp, name);
    writeGeoTiff(f, { grid, dataType: "Float32", noData: -3.4e38, fill: (_r, _n, out) => out.fill(k + 1 + 0.5) });
    members[name] = readFileSync(f);
    rmSync(f);
  }
  return zipSync(members, { level: 6 });
}
let whole: Uint8Array;
let server: Server;
let base = "";
const requests: string[] = [];

beforeAll(async () => {
  whole = zipOf();
  const missing = zipOf("wc2.1_10m_bio_7.tif");
  const corrupt = whole.slice();
  corrupt[Math.floor(whole.length / 3)]! ^= 0xff;
  let cutOnce = true;
  server = createServer((req, res) => {
    const [, mode] = req.url!.split("/");
    requests.push(`${mode} ${req.headers.range ?? "-"}`);
    if (mode === "down") return res.writeHead(503).end("maintenance");
    const body = mode === "missing" ? missing : mode === "corrupt" ? corrupt : whole;
    const from = Number(/bytes=(\d+)-/.exec(req.headers.range ?? "")?.[1] ?? 0);
    res.writeHead(from ? 206 : 200, {
      "content-length": String(body.length - from),
      ...(from ? { "content-range": `bytes ${from}-${body.length - 1}/${body.length}` } : {}),
    });
    if (mode === "cut" && cutOnce) {
      cutOnce = false;
      res.write(body.subarray(0, Math.floor(body.length / 2)), () => res.destroy());
      return;
    }
    res.end(body.subarray(from));
  });
  await new Promise<void>((ok) => server.listen(0, "127.0.0.1", ok));
  base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
});
afterAll(async () => {
  await new Promise((ok) => server.close(ok));
  rmSync(tmp, { recursive: true, force: true });
});

describe("worldclimDownload()", () => {
  it("downloads, checks and unpacks the 19 bio layers once, with progress; climateAtSites() reads them", async () => {
    const cache = join(tmp, "ok");
    const seen: WorldclimProgress[] = [];
    const { folder, files } = await worldclimDownload({
      variables: ["bio"],
      cache,
      baseUrl: `${base}/ok`,
      onProgress: (p) => seen.push(p),
    });
    expect(files.map((f) => f.split("/").pop())).toEqual(worldclimFiles("bio", "10m"));
    expect(readdirSync(folder).sort()).toEqual(worldclimFiles("bio", "10m").sort());
    expect(seen.at(0)!.stage).toBe("download");
    expect(seen.find((p) => p.stage === "download" && p.bytes === whole.length)?.total).toBe(whole.length);
    expect(seen.at(-1)!.stage).toBe("unzip");
    const n = requests.length;
    await worldclimDownload({ variables: ["bio"], cache, baseUrl: `${base}/ok` });
    expect(requests.length).toBe(n); // once: nothing fetched again
    const sites = pl.DataFrame({ DECLATITUDE: [10.2], DECLONGITUDE: [20.7] });
    const df = await climateAtSites(sites, folder, { layers: ["bio1", "bio19"] });
    expect(df.row(0)).toEqual([10.2, 20.7, 1.5, 19.5]);
  });

  it("resumes a cut download with a Range request and ends with the same files", async () => {
    const cache = join(tmp, "cut");
    await expect(worldclimDownload({ variables: ["bio"], cache, baseUrl: `${base}/cut` })).rejects.toThrow(
      /the download of .*wc2\.1_10m_bio\.zip stopped at [\d,]+ of [\d,]+ bytes\nHint: call worldclimDownload\(\) again: it resumes/,
    );
    expect(readdirSync(join(cache, "wc2.1_10m"))).toEqual(["wc2.1_10m_bio.zip.part"]);
    const { files } = await worldclimDownload({ variables: ["bio"], cache, baseUrl: `${base}/cut` });
    expect(requests.filter((r) => r.startsWith("cut")).at(-1)).toMatch(/^cut bytes=\d+-$/);
    expect(files).toHaveLength(19);
    expect(readdirSync(join(cache, "wc2.1_10m")).filter((f) => f.endsWith(".part") || f.endsWith(".zip"))).toEqual([]);
  });

  it("refuses a corrupt zip: typed error, the zip removed, no layer left under its final name", async () => {
    const cache = join(tmp, "corrupt");
    await expect(worldclimDownload({ variables: ["bio"], cache, baseUrl: `${base}/corrupt` })).rejects.toThrow(
      /wc2\.1_10m_bio\.zip arrived damaged: .*\nHint: it was removed; call worldclimDownload\(\) again/,
    );
    const left = readdirSync(join(cache, "wc2.1_10m"));
    expect(left.filter((f) => f.endsWith(".part") || f.endsWith(".zip"))).toEqual([]);
    // layers before the damaged one were whole and checked; none after it, none half-written
    for (const f of left) expect(readFileSync(join(cache, "wc2.1_10m", f)).length).toBeGreaterThan(100);
    expect(left.length).toBeLessThan(19);
  });

  it("refuses to continue with a variable missing a layer", async () => {
    const cache = join(tmp, "missing");
    await expect(worldclimDownload({ variables: ["bio"], cache, baseUrl: `${base}/missing` })).rejects.toThrow(
      /wc2\.1_10m_bio\.zip lacks wc2\.1_10m_bio_7\.tif: refusing to continue with a variable incomplete/,
    );
    expect(existsSync(join(cache, "wc2.1_10m", "wc2.1_10m_bio_1.tif"))).toBe(false);
  });

  it("says when the server is down, and checks its options", async () => {
    await expect(worldclimDownload({ variables: ["bio"], cache: join(tmp, "down"), baseUrl: `${base}/down` })).rejects.toThrow(
      /answered HTTP 503\nHint: WorldClim's server may be down for maintenance/,
    );
    // @ts-expect-error: an unknown option
    await expect(worldclimDownload({ variables: ["bio"], resolutoin: "5m" })).rejects.toThrow(/resolutoin.*resolution/);
    // @ts-expect-error: an unknown variable
    await expect(worldclimDownload({ variables: ["bioclim"] })).rejects.toThrow(/variables/);
  });
});
