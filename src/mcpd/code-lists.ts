/**
 * MCPD v2.1 (FAO/Bioversity 2015) code lists beside SAMPSTAT: collecting or
 * acquisition source, type of germplasm storage (a field that may hold
 * several codes separated by ";"), and MLS status.
 */

/** COLLSRC: collecting/acquisition source. */
export const COLLSRC_LABELS: ReadonlyMap<number, string> = new Map([
  [10, "Wild habitat"],
  [11, "Forest or woodland"],
  [12, "Shrubland"],
  [13, "Grassland"],
  [14, "Desert or tundra"],
  [15, "Aquatic habitat"],
  [20, "Farm or cultivated habitat"],
  [21, "Field"],
  [22, "Orchard"],
  [23, "Backyard, kitchen or home garden"],
  [24, "Fallow land"],
  [25, "Pasture"],
  [26, "Farm store"],
  [27, "Threshing floor"],
  [28, "Park"],
  [30, "Market or shop"],
  [40, "Institute, experimental station, research organization, genebank"],
  [50, "Seed company"],
  [60, "Weedy, disturbed or ruderal habitat"],
  [61, "Roadside"],
  [62, "Field margin"],
  [99, "Other"],
]);

/** STORAGE: type of germplasm storage; MCPD allows several, e.g. "13;20". */
export const STORAGE_LABELS: ReadonlyMap<number, string> = new Map([
  [10, "Seed collection"],
  [11, "Short term"],
  [12, "Medium term"],
  [13, "Long term"],
  [20, "Field collection"],
  [30, "In vitro collection"],
  [40, "Cryopreserved collection"],
  [50, "DNA collection"],
  [99, "Other"],
]);

/** MLSSTAT: MCPD codes 0/1; Genesys exports true/false. */
export const MLSSTAT_LABELS: ReadonlyMap<string, string> = new Map([
  ["1", "Included in the MLS"],
  ["true", "Included in the MLS"],
  ["0", "Not included in the MLS"],
  ["false", "Not included in the MLS"],
]);
