/**
 * The relief the sandbox's climate rasters are computed at: the elevation of the nearest GeoNames place of the
 * collecting sites (`generator/sites.json`, the places the generator names its sites after) within `radiusDeg` of a
 * cell's centre, else the synthetic coarse relief (src/climate/synthetic.ts). A passport's ELEVATION is the nearest
 * place's elevation give or take 60 m (generator/passports.ts), so the climate a notebook samples at a site is the
 * climate of that site's height: Quito's cell is at Quito's 2,850 m, not at the height a smooth bump gives the Andes.
 */
import { syntheticElevation } from "../climate/synthetic.ts";
import { siteData } from "./generator/site-data.ts";

/** Places are binned in squares of this many degrees; a cell looks at its own square and the eight around it. */
const BIN = 0.25;
const key = (iy: number, ix: number) => iy * 4000 + ix;

/** A function (lat, lon) → metres: the nearest place's elevation within `radiusDeg`, else the synthetic relief. */
export function sandboxRelief(radiusDeg = BIN): (lat: number, lon: number) => number {
  const bins = new Map<number, number[]>();
  for (const c of Object.values(siteData().countries)) {
    for (const [, , lat, lon, elevation] of c.places) {
      const k = key(Math.floor(lat / BIN), Math.floor(lon / BIN));
      const list = bins.get(k);
      if (list) list.push(lat, lon, elevation);
      else bins.set(k, [lat, lon, elevation]);
    }
  }
  const r2 = radiusDeg * radiusDeg;
  return (lat, lon) => {
    const iy = Math.floor(lat / BIN), ix = Math.floor(lon / BIN);
    const cos = Math.cos((lat * Math.PI) / 180);
    let best = r2, at = NaN;
    for (let dy = -1; dy <= 1; dy++) {
      for (let dx = -1; dx <= 1; dx++) {
        const list = bins.get(key(iy + dy, ix + dx));
        if (!list) continue;
        for (let i = 0; i < list.length; i += 3) {
          const d2 = (list[i]! - lat) ** 2 + ((list[i + 1]! - lon) * cos) ** 2;
          if (d2 <= best) (best = d2), (at = list[i + 2]!);
        }
      }
    }
    return Number.isNaN(at) ? syntheticElevation(lat, lon) : at;
  };
}
