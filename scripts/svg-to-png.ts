/** Renders an SVG file to PNG with resvg (used for the README screenshot): deno run -A scripts/svg-to-png.ts in.svg out.png */
import { Resvg } from "@resvg/resvg-js";
import { readFileSync, writeFileSync } from "node:fs";

const [input, output] = Deno.args;
const png = new Resvg(readFileSync(input!, "utf8"), {
  background: "white",
  fitTo: { mode: "width", value: 900 },
  font: { loadSystemFonts: true },
}).render().asPng();
writeFileSync(output!, png);
console.log(`wrote ${output}`);
