/**
 * SAMPSTAT (biological status, MCPD v2.1 descriptor 19) against COLLSRC (collecting/acquisition source, descriptor 21).
 * MCPD's own definitions decide which pairs cannot both be right:
 * - COLLSRC 10-15 is a "wild habitat" (forest or woodland, shrubland, grassland, desert or tundra, aquatic habitat);
 *   SAMPSTAT 400-423 is breeding or research material, 500 an "advanced or improved cultivar (conventional breeding
 *   methods)", 600 a GMO. Material bred by people is not collected from a wild habitat: one of the two codes is wrong
 *   (an escape growing wild is recorded as weedy, 200, or with COLLSRC 60-62).
 * - SAMPSTAT 100-120 is wild (natural or semi-natural/wild) material; COLLSRC 50 is a "seed company". A seed company
 *   sells seed it grew or bred, not plants of a natural population; semi-natural/sown (130) material can come from one.
 * Every other pair is left alone: wild relatives grow at field margins, in fallow land and pastures (COLLSRC 24, 25,
 * 62); landraces are sold in markets (30); any status may come from a genebank (40).
 */

import { COLLSRC_LABELS } from "../mcpd/code-lists.ts";
import { SAMPSTAT_LABELS } from "../mcpd/sampstat.ts";

const WILD_HABITAT = new Set([10, 11, 12, 13, 14, 15]);
const SEED_COMPANY = 50;
const BRED = (s: number) => (s >= 400 && s < 500) || s === 500 || s === 600;
const WILD = (s: number) => s === 100 || s === 110 || s === 120;

/**
 * Why a SAMPSTAT / COLLSRC pair cannot both be right, or undefined when they can (or a code is not MCPD's).
 * @example
 * ```ts
 * sampstatCollsrcConflict(500, 10); // "an advanced or improved cultivar (SAMPSTAT 500) collected from a wild habitat (COLLSRC 10)"
 * sampstatCollsrcConflict(300, 26); // undefined: a landrace from a farm store
 * ```
 */
export function sampstatCollsrcConflict(sampstat: number, collsrc: number): string | undefined {
  // a code outside MCPD's lists (450, 17) says nothing about the material: code-invalid reports it
  if (!SAMPSTAT_LABELS.has(sampstat) || !COLLSRC_LABELS.has(collsrc)) return undefined;
  if (BRED(sampstat) && WILD_HABITAT.has(collsrc)) {
    const what = sampstat === 500 ? "an advanced or improved cultivar" : sampstat === 600 ? "a GMO" : "breeding or research material";
    return `${what} (SAMPSTAT ${sampstat}) collected from a wild habitat (COLLSRC ${collsrc})`;
  }
  if (WILD(sampstat) && collsrc === SEED_COMPANY) {
    return `wild material (SAMPSTAT ${sampstat}) acquired from a seed company (COLLSRC 50)`;
  }
  return undefined;
}
