/** Distances on the globe, for every room that compares coordinates (quality/, duplicates/, climate/…). */

/** Great-circle distance in metres between two points in decimal degrees (a sphere of radius 6,371 km). */
export function haversineMeters(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const r = Math.PI / 180;
  const a = Math.sin(((lat2 - lat1) * r) / 2) ** 2 + Math.cos(lat1 * r) * Math.cos(lat2 * r) * Math.sin(((lon2 - lon1) * r) / 2) ** 2;
  return 12_742_000 * Math.asin(Math.min(1, Math.sqrt(a)));
}
