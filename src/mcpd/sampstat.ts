/**
 * MCPD v2.1 biological status of accession (SAMPSTAT): code -> label.
 * Shared by the plot helpers (labels) and the sandbox generator (which adds
 * its own sampling weights); the client never imports from the sandbox.
 */
export const SAMPSTAT_LABELS: ReadonlyMap<number, string> = new Map([
  [100, "Wild"],
  [110, "Natural"],
  [120, "Semi-natural/wild"],
  [130, "Semi-natural/sown"],
  [200, "Weedy"],
  [300, "Traditional cultivar/landrace"],
  [400, "Breeding/research material"],
  [410, "Breeder's line"],
  [411, "Synthetic population"],
  [412, "Hybrid"],
  [413, "Founder stock/base population"],
  [414, "Inbred line"],
  [415, "Segregating population"],
  [416, "Clonal selection"],
  [420, "Genetic stock"],
  [421, "Mutant"],
  [422, "Cytogenetic stocks"],
  [423, "Other genetic stocks"],
  [500, "Advanced or improved cultivar"],
  [600, "GMO"],
  [999, "Other"],
]);
