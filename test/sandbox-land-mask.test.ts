/**
 * The sandbox climate's land mask (src/sandbox/climate.ts landSpans, Natural Earth's 1:110m land): land where the
 * atlas has land and sea where it has sea, also in the rows that Eurasia's ring crosses the antimeridian in. Until
 * model 4, those rows paired Chukotka's coast with Alaska's, so that the Bering Strait was land and most of
 * Siberia and northern Canada between 65° and 69° N sea (a white band on every sandbox map). North of 73° N a
 * third of a row is land at most (the Arctic Ocean; Parry Channel at 74.5° N).
 */
import { describe, expect, it } from "vitest";
import { landSpans } from "../src/sandbox/climate.ts";

/** A global grid of 10 arc-minute cells, as the sandbox writes. */
const GRID = { xmin: -180, xmax: 180, ymin: -90, ymax: 90, ncol: 2160, nrow: 1080 };
const spans = landSpans(GRID);
const onLand = (lat: number, lon: number): boolean => {
  const row = Math.floor((GRID.ymax - lat) / (180 / GRID.nrow));
  const col = Math.floor((lon - GRID.xmin) / (360 / GRID.ncol));
  const s = spans[row]!;
  for (let k = 0; k + 1 < s.length; k += 2) if (col >= s[k]! && col < s[k + 1]!) return true;
  return false;
};

describe("the sandbox climate's land mask", () => {
  it("has land at Arctic and sub-Arctic towns of Siberia, Chukotka, Alaska and Canada", () => {
    const land: [string, number, number][] = [
      ["Norilsk", 69.35, 88.2],
      ["Tiksi", 71.4, 128.7],
      ["Chersky", 68.75, 161.3],
      ["Anadyr", 64.8, 177.3],
      ["Verkhoyansk", 67.55, 133.4],
      ["Taymyr Peninsula", 74.5, 100],
      ["Nome", 64.6, -165.0],
      ["Fairbanks", 64.84, -147.7],
      ["Inuvik", 68.36, -133.7],
      ["Baker Lake", 64.3, -96.0],
      ["Banks Island", 72.5, -121.0],
      ["Yakutsk", 62.03, 129.7],
    ];
    expect(land.filter(([, lat, lon]) => !onLand(lat, lon)).map(([n]) => n)).toEqual([]);
  });

  it("has sea in the Bering Strait, the Chukchi, Kara and Laptev seas and the Gulf of Bothnia", () => {
    const sea: [string, number, number][] = [
      ["Bering Strait", 65.8, -169.3],
      ["Chukchi Sea", 69.5, -172],
      ["Kara Sea", 75, 70],
      ["Laptev Sea", 76, 125],
      ["Gulf of Bothnia", 63.5, 21],
      ["North Atlantic", 60, -30],
    ];
    expect(sea.filter(([, lat, lon]) => onLand(lat, lon)).map(([n]) => n)).toEqual([]);
  });

  it("puts land in every 10′ row from 60° to 72° N across at least a third of the globe (65–69° N: three quarters)", () => {
    const rowShare = (lat: number) => {
      const s = spans[Math.floor((GRID.ymax - lat) / (180 / GRID.nrow))]!;
      let cells = 0;
      for (let k = 0; k + 1 < s.length; k += 2) cells += s[k + 1]! - s[k]!;
      return cells / GRID.ncol;
    };
    const thin = Array.from({ length: 72 }, (_, i) => 60 + i / 6).filter((lat) => rowShare(lat) < 1 / 3);
    expect(Math.min(...[65, 66, 67, 68].map(rowShare))).toBeGreaterThan(0.7);
    expect(thin.map((lat) => lat.toFixed(2))).toEqual([]);
  });
});
