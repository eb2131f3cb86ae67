/**
 * Country land polygons at about 1 km resolution (`@geo-maps/countries-land-1km`,
 * OpenStreetMap borders, ODbL) in a form fit for millions of look-ups: every
 * country's rings are cut recursively into pieces of at most `MAX_PIECE_VERTICES`
 * vertices (half-plane clipping keeps the even-odd fill of each piece exact inside
 * its cell), the pieces are indexed by their bounding boxes in a Flatbush R-tree,
 * and all coordinates live in one Float64Array. A point test is then a tree search
 * and a crossing count over a few dozen edges.
 *
 * The GeoJSON (22 MB) is read on the first call of `landIndex()` only, and the built index is cached on disk.
 */
import { userCacheDir } from "../kernel/cache-dir.ts";
import Flatbush from "flatbush";
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";

/** The most vertices a piece keeps before it is cut in two. */
export const MAX_PIECE_VERTICES = 32;
const M_PER_DEG_LAT = 110_574;
const M_PER_DEG_LON = 111_320;

interface SavedIndex {
  codes: string[];
  xy: Float64Array;
  ringStart: Uint32Array;
  ringBox: Float64Array;
  pieceRing: Uint32Array;
  pieceCountry: Uint16Array;
  pieceCell: Float64Array;
  centroids: Float64Array;
  countryBox: Float64Array;
  tree: ArrayBuffer;
}

/** Bump when the index's layout or cutting changes, so that cached indexes are rebuilt. */
const CACHE_FORMAT = 2;

/** Country rings as read from the GeoJSON: flat x,y per ring, the first ring of each polygon its outer ring. */
export interface CountryRings {
  code: string;
  rings: Float64Array[];
  outer: boolean[];
}

/** Country polygons cut into indexed pieces, with point-in-country and distance-to-border queries. */
export class LandIndex {
  /** ISO 3166-1 alpha-3 code of each country index. */
  readonly codes: string[];
  private readonly byCode: Map<string, number>;
  /** x,y of every piece ring vertex. */
  private readonly xy: Float64Array;
  /** Vertex offset of each ring (length rings + 1). */
  private readonly ringStart: Uint32Array;
  /** minX, minY, maxX, maxY of each ring. */
  private readonly ringBox: Float64Array;
  /** Ring offset of each piece (length pieces + 1). */
  private readonly pieceRing: Uint32Array;
  private readonly pieceCountry: Uint16Array;
  /** The cell each piece was cut to: its sides carry the cut edges, which are not borders. */
  private readonly pieceCell: Float64Array;
  private readonly tree: Flatbush;
  /**
   * Per country: lon, lat of the equal-area centroid of its largest part; of the whole country; area in km²; lon, lat of
   * the largest part's centroid computed in plain degrees (what simple tools compute).
   */
  private readonly centroids: Float64Array;
  /** minX, minY, maxX, maxY of each country. */
  readonly countryBox: Float64Array;

  constructor(features: CountryRings[], saved?: SavedIndex) {
    if (saved) {
      this.codes = saved.codes;
      this.byCode = new Map(this.codes.map((c, i) => [c, i]));
      this.xy = saved.xy;
      this.ringStart = saved.ringStart;
      this.ringBox = saved.ringBox;
      this.pieceRing = saved.pieceRing;
      this.pieceCountry = saved.pieceCountry;
      this.pieceCell = saved.pieceCell;
      this.centroids = saved.centroids;
      this.countryBox = saved.countryBox;
      this.tree = Flatbush.from(saved.tree);
      return;
    }
    this.codes = features.map((f) => f.code);
    this.byCode = new Map(this.codes.map((c, i) => [c, i]));
    const xy: number[] = [];
    const ringStart: number[] = [0];
    const ringBox: number[] = [];
    const pieceRing: number[] = [0];
    const pieceCountry: number[] = [];
    const pieceCell: number[] = [];
    this.centroids = new Float64Array(features.length * CENTRE_FIELDS).fill(NaN);
    this.countryBox = new Float64Array(features.length * 4);
    const emit = (country: number, rings: Ring[], cell: number[]) => {
      for (const r of rings) {
        let x0 = Infinity, y0 = Infinity, x1 = -Infinity, y1 = -Infinity;
        for (let i = 0; i < r.length; i += 2) {
          const x = r[i]!, y = r[i + 1]!;
          xy.push(x, y);
          if (x < x0) x0 = x;
          if (x > x1) x1 = x;
          if (y < y0) y0 = y;
          if (y > y1) y1 = y;
        }
        ringStart.push(xy.length / 2);
        ringBox.push(x0, y0, x1, y1);
      }
      pieceRing.push(ringStart.length - 1);
      pieceCountry.push(country);
      pieceCell.push(...cell);
    };
    features.forEach((f, country) => {
      const rings: Ring[] = [];
      f.rings.forEach((ring) => {
        // GeoJSON repeats the first vertex at the end
        const n = ring.length / 2;
        const closed = n > 1 && ring[0] === ring[2 * n - 2] && ring[1] === ring[2 * n - 1];
        const flat = closed ? ring.subarray(0, 2 * n - 2) : ring;
        if (flat.length >= 6) rings.push(flat);
      });
      this.centroids.set(countryCentres(f), CENTRE_FIELDS * country);
      const box = boxOf(rings);
      this.countryBox.set(box, 4 * country);
      split(country, rings, [-Infinity, -Infinity, Infinity, Infinity], 0, emit);
    });
    this.xy = Float64Array.from(xy);
    this.ringStart = Uint32Array.from(ringStart);
    this.ringBox = Float64Array.from(ringBox);
    this.pieceRing = Uint32Array.from(pieceRing);
    this.pieceCountry = Uint16Array.from(pieceCountry);
    this.pieceCell = Float64Array.from(pieceCell);
    const pieces = pieceCountry.length;
    this.tree = new Flatbush(pieces);
    for (let p = 0; p < pieces; p++) {
      let x0 = Infinity, y0 = Infinity, x1 = -Infinity, y1 = -Infinity;
      for (let r = this.pieceRing[p]!; r < this.pieceRing[p + 1]!; r++) {
        x0 = Math.min(x0, this.ringBox[4 * r]!);
        y0 = Math.min(y0, this.ringBox[4 * r + 1]!);
        x1 = Math.max(x1, this.ringBox[4 * r + 2]!);
        y1 = Math.max(y1, this.ringBox[4 * r + 3]!);
      }
      this.tree.add(x0, y0, x1, y1);
    }
    this.tree.finish();
  }

  /** The index as one buffer (the typed arrays and the Flatbush tree), for the disk cache. */
  toBuffer(): Uint8Array {
    const arrays: ArrayBufferView[] = [
      this.xy,
      this.ringStart,
      this.ringBox,
      this.pieceRing,
      this.pieceCountry,
      this.pieceCell,
      this.centroids,
      this.countryBox,
      new Uint8Array(this.tree.data),
    ];
    const head = new TextEncoder().encode(JSON.stringify({ v: CACHE_FORMAT, codes: this.codes, sizes: arrays.map((a) => a.byteLength) }));
    const out = new Uint8Array(4 + head.length + arrays.reduce((s, a) => s + 8 + a.byteLength, 0));
    new DataView(out.buffer).setUint32(0, head.length, true);
    out.set(head, 4);
    let at = 4 + head.length;
    for (const a of arrays) {
      at += 8 - (at % 8); // 8-byte alignment for the Float64Arrays
      out.set(new Uint8Array(a.buffer, a.byteOffset, a.byteLength), at);
      at += a.byteLength;
    }
    return out.subarray(0, at);
  }

  /** An index saved by toBuffer(), or undefined when the buffer is not one of this format. */
  static fromBuffer(buf: Uint8Array): LandIndex | undefined {
    try {
      const copy = new Uint8Array(buf.byteLength);
      copy.set(buf);
      const n = new DataView(copy.buffer).getUint32(0, true);
      const head = JSON.parse(new TextDecoder().decode(copy.subarray(4, 4 + n))) as { v: number; codes: string[]; sizes: number[] };
      if (head.v !== CACHE_FORMAT) return undefined;
      let at = 4 + n;
      const views = head.sizes.map((size) => {
        at += 8 - (at % 8);
        const v = copy.buffer.slice(at, at + size);
        at += size;
        return v;
      });
      if (at > copy.byteLength) return undefined;
      const [xy, ringStart, ringBox, pieceRing, pieceCountry, pieceCell, centroids, countryBox, tree] = views as ArrayBuffer[];
      return new LandIndex([], {
        codes: head.codes,
        xy: new Float64Array(xy!),
        ringStart: new Uint32Array(ringStart!),
        ringBox: new Float64Array(ringBox!),
        pieceRing: new Uint32Array(pieceRing!),
        pieceCountry: new Uint16Array(pieceCountry!),
        pieceCell: new Float64Array(pieceCell!),
        centroids: new Float64Array(centroids!),
        countryBox: new Float64Array(countryBox!),
        tree: tree!,
      });
    } catch {
      return undefined;
    }
  }

  /** Number of indexed pieces and vertices (for reports). */
  get size(): { countries: number; pieces: number; vertices: number } {
    return { countries: this.codes.length, pieces: this.pieceCountry.length, vertices: this.xy.length / 2 };
  }

  /** The country index of an ISO alpha-3 code, or -1 when the map has no such country. */
  countryIndex(code3: string): number {
    return this.byCode.get(code3) ?? -1;
  }

  /**
   * A country's area centroids, computed on Lambert's cylindrical equal-area projection (so a square kilometre weighs the
   * same at every latitude): of its largest part, and of the whole country; and its area in km². Undefined when the map
   * has no such country.
   */
  centres(code3: string): { largest: [number, number]; whole: [number, number]; areaKm2: number; degrees: [number, number] } | undefined {
    const c = this.countryIndex(code3);
    const v = this.centroids.subarray(CENTRE_FIELDS * c, CENTRE_FIELDS * (c + 1));
    if (c < 0 || Number.isNaN(v[0]!)) return undefined;
    return { largest: [v[0]!, v[1]!], whole: [v[2]!, v[3]!], areaKm2: v[4]!, degrees: [v[5]!, v[6]!] };
  }

  /** Longitude and latitude of the centroid of a country's largest part computed in plain degrees, or undefined. */
  centroid(code3: string): [number, number] | undefined {
    return this.centres(code3)?.degrees;
  }

  private pieceContains(p: number, x: number, y: number): boolean {
    let inside = false;
    const xy = this.xy, rb = this.ringBox, rs = this.ringStart;
    for (let r = this.pieceRing[p]!; r < this.pieceRing[p + 1]!; r++) {
      if (x < rb[4 * r]! || x > rb[4 * r + 2]! || y < rb[4 * r + 1]! || y > rb[4 * r + 3]!) continue;
      const s = rs[r]!, e = rs[r + 1]!;
      for (let i = s, j = e - 1; i < e; j = i++) {
        const yi = xy[2 * i + 1]!, yj = xy[2 * j + 1]!;
        if ((yi > y) !== (yj > y)) {
          const xi = xy[2 * i]!, xj = xy[2 * j]!;
          if (x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
        }
      }
    }
    return inside;
  }

  /** The index of the country whose land holds the point, or -1 (sea, or outside every polygon). */
  countryAt(lon: number, lat: number): number {
    let found = -1;
    this.tree.search(lon, lat, lon, lat, (p) => {
      if (found < 0 && this.pieceContains(p, lon, lat)) found = this.pieceCountry[p]!;
      return false;
    });
    return found;
  }

  /** Whether the point is on the land of country `c` (an index). */
  inCountry(lon: number, lat: number, c: number): boolean {
    let found = false;
    this.tree.search(lon, lat, lon, lat, (p) => {
      if (!found && this.pieceCountry[p] === c && this.pieceContains(p, lon, lat)) found = true;
      return false;
    });
    return found;
  }

  /**
   * Distance in metres from the point to the border or coast of country `c` (or of any country when `c` is -1),
   * when it is at most `maxMeters`; Infinity otherwise. Local equirectangular metres: exact to well under 1 % at
   * these distances.
   */
  distanceTo(lon: number, lat: number, c: number, maxMeters: number): number {
    const kx = M_PER_DEG_LON * Math.max(0.01, Math.cos((lat * Math.PI) / 180));
    const dLat = maxMeters / M_PER_DEG_LAT, dLon = maxMeters / kx;
    let best = maxMeters * maxMeters;
    const xy = this.xy, rb = this.ringBox, rs = this.ringStart;
    this.tree.search(lon - dLon, lat - dLat, lon + dLon, lat + dLat, (p) => {
      if (c >= 0 && this.pieceCountry[p] !== c) return false;
      const cx0 = this.pieceCell[4 * p]!,
        cy0 = this.pieceCell[4 * p + 1]!,
        cx1 = this.pieceCell[4 * p + 2]!,
        cy1 = this.pieceCell[4 * p + 3]!;
      for (let r = this.pieceRing[p]!; r < this.pieceRing[p + 1]!; r++) {
        if (lon + dLon < rb[4 * r]! || lon - dLon > rb[4 * r + 2]! || lat + dLat < rb[4 * r + 1]! || lat - dLat > rb[4 * r + 3]!) continue;
        const s = rs[r]!, e = rs[r + 1]!;
        for (let i = s, j = e - 1; i < e; j = i++) {
          const xi = xy[2 * i]!, yi = xy[2 * i + 1]!, xj = xy[2 * j]!, yj = xy[2 * j + 1]!;
          // edges along the piece's cell sides come from cutting, not from a coast or border
          if ((xi === xj && (xi === cx0 || xi === cx1)) || (yi === yj && (yi === cy0 || yi === cy1))) continue;
          const ax = (xj - lon) * kx, ay = (yj - lat) * M_PER_DEG_LAT, bx = (xi - lon) * kx, by = (yi - lat) * M_PER_DEG_LAT;
          const vx = bx - ax, vy = by - ay;
          const len = vx * vx + vy * vy;
          let t = len > 0 ? -(ax * vx + ay * vy) / len : 0;
          t = t < 0 ? 0 : t > 1 ? 1 : t;
          const qx = ax + t * vx, qy = ay + t * vy;
          const d = qx * qx + qy * qy;
          if (d < best) best = d;
        }
      }
      return false;
    });
    return best < maxMeters * maxMeters ? Math.sqrt(best) : Infinity;
  }
}

type Ring = ArrayLike<number>;

function boxOf(rings: Ring[]): number[] {
  let x0 = Infinity, y0 = Infinity, x1 = -Infinity, y1 = -Infinity;
  for (const r of rings) {
    for (let i = 0; i < r.length; i += 2) {
      const x = r[i]!, y = r[i + 1]!;
      if (x < x0) x0 = x;
      if (x > x1) x1 = x;
      if (y < y0) y0 = y;
      if (y > y1) y1 = y;
    }
  }
  return [x0, y0, x1, y1];
}

const CENTRE_FIELDS = 7;
const EARTH_KM = 6371.0088;

/**
 * Signed area and first moments of a ring on Lambert's cylindrical equal-area projection (x = λ, y = sin φ, in
 * radians; area in km² after multiplying by R²), its longitudes unwrapped to within 180° of `refLon`.
 */
function ringMoments(r: Ring, refLon: number): [number, number, number] {
  let a = 0, mx = 0, my = 0;
  const n = r.length / 2;
  const rad = Math.PI / 180;
  let shift = 0;
  let mean = 0;
  for (let i = 0; i < n; i++) mean += r[2 * i]!;
  mean /= n;
  if (mean - refLon > 180) shift = -360;
  else if (refLon - mean > 180) shift = 360;
  for (let i = 0, j = n - 1; i < n; j = i++) {
    const x0 = (r[2 * j]! + shift) * rad, y0 = Math.sin(r[2 * j + 1]! * rad);
    const x1 = (r[2 * i]! + shift) * rad, y1 = Math.sin(r[2 * i + 1]! * rad);
    const f = x0 * y1 - x1 * y0;
    a += f;
    mx += (x0 + x1) * f;
    my += (y0 + y1) * f;
  }
  return [a / 2, mx / 6, my / 6];
}

/** Lon, lat of the largest part's and of the whole country's equal-area centroid, and the area in km² (NaN if none). */
function countryCentres(f: CountryRings): number[] {
  const out = [NaN, NaN, NaN, NaN, NaN, NaN, NaN];
  let best = -1, bestRing = -1;
  f.rings.forEach((ring, k) => {
    if (!f.outer[k] || ring.length < 6) return;
    const [a] = ringMoments(ring, ring[0]!);
    if (Math.abs(a) > best) [best, bestRing] = [Math.abs(a), k];
  });
  if (bestRing < 0) return out;
  const toLonLat = (a: number, mx: number, my: number) => {
    let lon = (mx / a) * (180 / Math.PI);
    if (lon > 180) lon -= 360;
    if (lon < -180) lon += 360;
    return [lon, Math.asin(Math.max(-1, Math.min(1, my / a))) * (180 / Math.PI)];
  };
  const largest = f.rings[bestRing]!;
  const [la, lmx, lmy] = ringMoments(largest, largest[0]!);
  const [lon0, lat0] = toLonLat(la, lmx, lmy);
  let a = 0, mx = 0, my = 0;
  f.rings.forEach((ring, k) => {
    if (ring.length < 6) return;
    const [ra, rx, ry] = ringMoments(ring, lon0!);
    // outer rings add, holes (the other rings of a polygon) subtract, whatever their winding
    const s = Math.sign(ra) * (f.outer[k] ? 1 : -1);
    a += s * ra;
    mx += s * rx;
    my += s * ry;
  });
  const [lon1, lat1] = toLonLat(a, mx, my);
  const [, dx, dy] = ringCentroid(largest);
  return [lon0!, lat0!, lon1!, lat1!, Math.abs(a) * EARTH_KM * EARTH_KM, dx, dy];
}

/** |area| and centroid of a ring (shoelace), in plain degrees. */
function ringCentroid(r: Ring): [number, number, number] {
  let a = 0, cx = 0, cy = 0;
  const n = r.length / 2;
  for (let i = 0, j = n - 1; i < n; j = i++) {
    const x0 = r[2 * j]!, y0 = r[2 * j + 1]!, x1 = r[2 * i]!, y1 = r[2 * i + 1]!;
    const f = x0 * y1 - x1 * y0;
    a += f;
    cx += (x0 + x1) * f;
    cy += (y0 + y1) * f;
  }
  if (a === 0) return [0, NaN, NaN];
  return [Math.abs(a / 2), cx / (3 * a), cy / (3 * a)];
}

/** Keeps the part of a ring on one side of the line `axis = m` (Sutherland-Hodgman against one half-plane). */
function clip(r: Ring, axis: 0 | 1, m: number, below: boolean): Ring | undefined {
  const out: number[] = [];
  const n = r.length / 2;
  let px = r[2 * (n - 1)]!, py = r[2 * (n - 1) + 1]!;
  let pv = axis ? py : px;
  let pin = below ? pv <= m : pv >= m;
  for (let i = 0; i < n; i++) {
    const x = r[2 * i]!, y = r[2 * i + 1]!;
    const v = axis ? y : x;
    const cin = below ? v <= m : v >= m;
    if (cin !== pin) {
      const t = (m - pv) / (v - pv);
      if (axis) out.push(px + t * (x - px), m);
      else out.push(m, py + t * (y - py));
    }
    if (cin) out.push(x, y);
    px = x;
    py = y;
    pv = v;
    pin = cin;
  }
  return out.length >= 6 ? out : undefined;
}

function split(country: number, rings: Ring[], cell: number[], depth: number, emit: (c: number, r: Ring[], cell: number[]) => void) {
  const vertices = rings.reduce((s, r) => s + r.length / 2, 0);
  if (!vertices) return;
  const [x0, y0, x1, y1] = boxOf(rings) as [number, number, number, number];
  if (vertices <= MAX_PIECE_VERTICES || depth >= 28 || (x1 - x0 < 1e-6 && y1 - y0 < 1e-6)) {
    emit(country, rings, cell);
    return;
  }
  const axis: 0 | 1 = x1 - x0 >= y1 - y0 ? 0 : 1;
  const m = axis ? (y0 + y1) / 2 : (x0 + x1) / 2;
  const lo: Ring[] = [], hi: Ring[] = [];
  for (const r of rings) {
    let min = Infinity, max = -Infinity;
    for (let i = axis; i < r.length; i += 2) {
      if (r[i]! < min) min = r[i]!;
      if (r[i]! > max) max = r[i]!;
    }
    if (max <= m) lo.push(r);
    else if (min >= m) hi.push(r);
    else {
      const a = clip(r, axis, m, true), b = clip(r, axis, m, false);
      if (a) lo.push(a);
      if (b) hi.push(b);
    }
  }
  const cellLo = axis ? [cell[0]!, cell[1]!, cell[2]!, m] : [cell[0]!, cell[1]!, m, cell[3]!];
  const cellHi = axis ? [cell[0]!, m, cell[2]!, cell[3]!] : [m, cell[1]!, cell[2]!, cell[3]!];
  split(country, lo, cellLo, depth + 1, emit);
  split(country, hi, cellHi, depth + 1, emit);
}

/**
 * Reads the rings of a countries GeoJSON (FeatureCollection of Polygon/MultiPolygon features with an `A3`
 * property) straight into Float64Arrays. `JSON.parse` would build about three million small arrays for the
 * 1 km map and take seconds; this scanner reads the numbers in place.
 */
export function readCountryRings(text: string): CountryRings[] {
  const codes: string[] = [];
  const geoms: { rings: Float64Array[]; outer: boolean[] }[] = [];
  const buf = new Float64Array(text.length / 4);
  const n = text.length;
  let pos = 0;
  while (pos < n) {
    const a3 = text.indexOf('"A3"', pos);
    const co = text.indexOf('"coordinates"', pos);
    if (a3 < 0 && co < 0) break;
    if (a3 >= 0 && (co < 0 || a3 < co)) {
      const q = text.indexOf('"', text.indexOf(":", a3 + 4) + 1);
      codes.push(text.slice(q + 1, text.indexOf('"', q + 1)));
      pos = q + 1;
      continue;
    }
    // one geometry: numbers sit at the deepest bracket level; a ring closes one level above, a polygon two
    let i = text.indexOf("[", co);
    let depth = 0, numDepth = -1, k = 0, ringFirst = true;
    const rings: Float64Array[] = [], outer: boolean[] = [];
    for (; i < n; i++) {
      const ch = text.charCodeAt(i);
      if (ch === 91) depth++; // [
      else if (ch === 93) { // ]
        if (depth === numDepth - 1) {
          rings.push(buf.slice(0, k));
          outer.push(ringFirst);
          ringFirst = false;
          k = 0;
        } else if (depth === numDepth - 2) ringFirst = true;
        depth--;
        if (depth === 0) break;
      } else if (ch === 45 || (ch >= 48 && ch <= 57)) {
        if (numDepth < 0) numDepth = depth;
        let j = i, sign = 1, v = 0, scale = 1, frac = false;
        if (ch === 45) {
          sign = -1;
          j++;
        }
        for (; j < n; j++) {
          const c = text.charCodeAt(j);
          if (c >= 48 && c <= 57) {
            v = v * 10 + (c - 48);
            if (frac) scale *= 10;
          } else if (c === 46) frac = true;
          else break;
        }
        const e = text.charCodeAt(j);
        if (e === 101 || e === 69) { // exponent: rare, leave it to parseFloat
          let end = j + 1;
          while (end < n && /[-+0-9]/.test(text[end]!)) end++;
          buf[k++] = Number.parseFloat(text.slice(i, end));
          j = end;
        } else buf[k++] = (sign * v) / scale;
        i = j - 1;
      }
    }
    geoms.push({ rings, outer });
    pos = i + 1;
  }
  if (codes.length !== geoms.length) throw new Error(`country map: ${codes.length} A3 codes for ${geoms.length} geometries`);
  return codes.map((code, f) => ({ code, ...geoms[f]! }));
}

let cached: LandIndex | undefined;

/**
 * Where the built index is kept between processes: `$GENESYS_QUALITY_CACHE`, else the user's cache directory
 * (`$XDG_CACHE_HOME` or `~/.cache`, `~/Library/Caches`, `%LOCALAPPDATA%`) under `genesys-notebook/quality`.
 */
export function qualityCacheDir(): string {
  return userCacheDir("quality", "GENESYS_QUALITY_CACHE");
}

/**
 * The land index: on the first call read from the cache file, or built from the 1 km country map (a few seconds) and
 * written to the cache file (about 50 MB) for the next process; then kept in memory. `cache: false` neither reads nor
 * writes the file.
 */
export function landIndex(options: { cache?: boolean } = {}): LandIndex {
  if (cached) return cached;
  const require = createRequire(import.meta.url);
  const file = require.resolve("@geo-maps/countries-land-1km/map.geo.json");
  const version = (require("@geo-maps/countries-land-1km/package.json") as { version: string }).version;
  const cacheFile = join(qualityCacheDir(), `land-1km-${version}-f${CACHE_FORMAT}-p${MAX_PIECE_VERTICES}.bin`);
  if (options.cache !== false && existsSync(cacheFile)) cached = LandIndex.fromBuffer(readFileSync(cacheFile));
  if (!cached) {
    cached = new LandIndex(readCountryRings(readFileSync(file, "utf8")));
    if (options.cache !== false) {
      try {
        mkdirSync(qualityCacheDir(), { recursive: true, mode: 0o700 });
        const tmp = `${cacheFile}.${process.pid}.tmp`;
        writeFileSync(tmp, cached.toBuffer(), { mode: 0o600 });
        renameSync(tmp, cacheFile);
      } catch {
        // a cache that cannot be written only costs the next process the build
      }
    }
  }
  return cached;
}
