/**
 * Accession names (ACCENAME) as genebanks write them, by kind of material and by the crop and region of origin
 * (sources in docs/sandbox.md):
 * - landraces (SAMPSTAT 300-399, and 999): a local name of the crop in the language of the country of origin, or a
 *   descriptive word of that language (a colour, "local"), in Spanish, Portuguese, French and Italian sometimes with
 *   the place ("Bayo de Pasto"); names repeat within a region, as real landrace names do;
 * - bred material (400-599): a breeding programme's line designation, prefix and number (`BAT 1234`, `ICCV 1234`),
 *   one number per line;
 * - wild and weedy material (100-299): seldom named; then from the same local names.
 * A country without a list here gets no names (many real passports have none).
 */
import { str, strList } from "./sql.ts";

/** Language area of each country's names; countries not listed get no landrace names. */
export const NAME_AREA: Record<string, string> = {
  ARG: "es",
  BOL: "es",
  CHL: "es",
  COL: "es",
  CRI: "es",
  ECU: "es",
  ESP: "es",
  GTM: "es",
  HND: "es",
  MEX: "es",
  NIC: "es",
  PER: "es",
  PRY: "es",
  BRA: "pt",
  ITA: "it",
  BEN: "fr",
  BFA: "fr",
  CIV: "fr",
  MLI: "fr",
  NER: "fr",
  SEN: "fr",
  TCD: "fr",
  TGO: "fr",
  CMR: "fr",
  EGY: "ar",
  JOR: "ar",
  LBN: "ar",
  MAR: "ar",
  SDN: "ar",
  SYR: "ar",
  TUN: "ar",
  YEM: "ar",
  TUR: "tr",
  ETH: "am",
  KEN: "sw",
  TZA: "sw",
  UGA: "sw",
  MWI: "sw",
  ZMB: "sw",
  NGA: "ha",
  GHA: "ha",
  IND: "hi",
  NPL: "hi",
  PAK: "hi",
  BGD: "hi",
  AFG: "fa",
  IRN: "fa",
  IDN: "ms",
  MYS: "ms",
  PHL: "tl",
  VNM: "vi",
  THA: "th",
  LAO: "th",
  GRC: "el",
  GEO: "ka",
  RUS: "ru",
  UKR: "ru",
};

/** Places are written into names in these areas, with this word: "Bayo de Pasto", "Saragolla di Foggia". */
export const PLACE_WORD: Record<string, string> = { es: "de", pt: "de", fr: "de", it: "di" };

/**
 * Landrace names per language area: `any` for every crop (descriptive words), and local names per crop code. Crop
 * names weigh twice the descriptive words where both exist.
 */
export const LANDRACE_NAMES: Record<string, Record<string, string[]>> = {
  es: {
    any: ["Criollo", "Colorado", "Morado", "Pintado", "Precoz", "Tardío", "Chico", "Grande", "Blanco", "Negro"],
    beans: [
      "Bayo",
      "Canario",
      "Cargamanto",
      "Radical",
      "Sangretoro",
      "Bolón",
      "Rosado",
      "Varero",
      "Villorro",
      "Rojo y Cariaco",
      "Panamito",
    ],
    maize: ["Olotillo", "Tuxpeño", "Cónico", "Chalqueño", "Bolita", "Tabloncillo", "Pepitilla", "Cacahuacintle", "Cuzco", "Chullpi"],
    potato: ["Huayro", "Peruanita", "Amarilla", "Chaucha", "Huagalina", "Wila Imilla", "Sani Imilla", "Yana Huayro", "Puca Suytu"],
    wheat: ["Candeal", "Chamorro", "Recio", "Blanquillo", "Jeja"],
    chickpea: ["Pedrosillano", "Blanco Lechoso", "Castellano"],
    lentil: ["Pardina", "Rubia"],
    faba: ["Aguadulce", "Muchamiel"],
  },
  pt: {
    any: ["Crioulo", "Vermelho", "Preto", "Branco", "Amarelo", "Roxo", "Rajado", "Precoce"],
    beans: ["Carioca", "Mulatinho", "Jalo", "Rosinha", "Roxinho", "Bico de Ouro", "Manteigão", "Rajadinho", "Bagajó"],
    maize: ["Caiano", "Cateto", "Dente de Cavalo", "Palha Roxa", "Pururuca"],
    cassava: ["Aipim Manteiga", "Mandioca Branca", "Pretinha", "Vassourinha", "Cacau"],
  },
  it: {
    any: ["Nostrano", "Rosso", "Bianco", "Nero"],
    wheat: ["Saragolla", "Timilia", "Russello", "Solina", "Gentil Rosso"],
    beans: ["Borlotto", "Cannellino", "Zolfino", "Fagiolo del Purgatorio"],
  },
  fr: {
    any: ["Local", "Rouge", "Blanc", "Précoce"],
    sorghum: ["Kéninkéni", "Tiémarifing", "Seguetana", "Jakumbè", "Gadiaba", "Bagoba"],
    pearlmillet: ["Souna", "Sanio", "Haini Kiré", "Ankoutess", "Zatib", "Toroniou"],
    rice: ["Gambiaka", "Kogoni", "Moroberekan"],
    yam: ["Kponan", "Krenglè", "Laboko", "Kokoro", "Florido"],
  },
  ar: {
    any: ["Baladi", "Ahmar", "Abiad", "Aswad", "Asfar"],
    wheat: ["Hourani", "Heitiya", "Salamouni", "Bayadi", "Hamari"],
    barley: ["Arabi Aswad", "Arabi Abiad"],
    sorghum: ["Feterita", "Wad Ahmed", "Gadam El Hamam", "Dabar", "Mugud"],
  },
  tr: {
    any: ["Yerli", "Kırmızı", "Sarı", "Kara", "Beyaz", "Kızıl"],
    wheat: ["Karakılçık", "Kırik", "Ak Buğday", "Kırmızı Buğday", "Sarı Başak", "Koca Buğday", "Siyez"],
    chickpea: ["Koçbaşı", "Yerli Nohut"],
    lentil: ["Kırmızı Mercimek", "Yeşil Mercimek"],
    barley: ["Ak Arpa", "Kara Arpa"],
  },
  am: {
    any: ["Tikur", "Nech", "Key", "Abat"],
    barley: ["Feres Gama", "Tikur Gebs", "Nech Gebs", "Key Gebs", "Aruso", "Abat Gebs"],
    wheat: ["Tikur Sinde", "Nech Sinde", "Key Sinde", "Bulla"],
    sorghum: ["Zengada", "Mashila", "Cherekit", "Muyra", "Wegere", "Degalit"],
    faba: ["Bakela", "Tikur Bakela", "Key Bakela"],
    chickpea: ["Shimbra", "Tikur Shimbra", "Key Shimbra"],
    lentil: ["Misir", "Tikur Misir"],
  },
  sw: {
    any: ["Kienyeji", "Nyeupe", "Nyekundu", "Nyeusi"],
    beans: ["Rosecoco", "Mwitemania", "Wairimu", "Canadian Wonder", "Kablanketi", "Nyayo", "Kalima", "Nanyati", "Napilira", "Kamtsilo"],
    maize: ["Nyamula", "Kanjerenjere", "Mthikinya", "Hickory King"],
    cassava: ["Kibandameno", "Bukalasa", "Ebwanateraka", "Nyaraboke", "Kiroba", "Mahaba"],
    banana: ["Mbwazirume", "Nakitembe", "Nakyetengu", "Enyeru", "Mbidde", "Kibuzi", "Kisansa", "Nfuuka"],
    sweetpotato: ["Ejumula", "Sowola", "Tanzania", "Carrot Dar", "Polista"],
    groundnut: ["Chalimbana", "Red Valencia", "Makulu Red", "Natal Common"],
  },
  ha: {
    any: ["Gargajiya", "Ja", "Fari", "Baki"],
    sorghum: ["Farafara", "Kaura", "Janjare", "Kafi", "Mori"],
    pearlmillet: ["Gero", "Maiwa", "Dauro"],
    cowpea: ["Kanannado", "Dan Ila", "Ife Brown", "Borno Brown"],
    yam: ["Pona", "Dente", "Labreko", "Hembakwase", "Asana"],
    cassava: ["Oko Iyawo", "Bosome Nsia", "Ankra"],
    rice: ["Ofada"],
  },
  hi: {
    any: ["Desi", "Lal", "Safed", "Kala", "Pila"],
    rice: ["Kalanamak", "Basmati", "Tulaipanji", "Gobindobhog", "Kalajeera", "Jeerakasala", "Jumli Marshi"],
    chickpea: ["Desi Chana", "Kabuli", "Kala Chana"],
    sorghum: ["Maldandi", "Dagadi", "Dukri", "Hagari"],
    pearlmillet: ["Babapuri", "Nokha", "Chadi"],
    pigeonpea: ["Arhar", "Tur", "Lal Arhar", "Safed Arhar"],
    wheat: ["Mundia", "Sharbati", "Lal Kanak", "Pissi"],
  },
  fa: { any: ["Mahalli", "Sorkh", "Sefid", "Siah"], wheat: ["Sardari", "Tabasi", "Bolani"] },
  ms: {
    any: ["Lokal", "Merah", "Putih", "Hitam"],
    rice: ["Rojolele", "Pandan Wangi", "Cianjur", "Mentik Wangi", "Siam", "Padi Bukit"],
    banana: ["Pisang Raja", "Pisang Ambon", "Pisang Kepok", "Pisang Mas", "Pisang Awak"],
  },
  tl: {
    any: ["Pula", "Puti", "Itim"],
    rice: ["Dinorado", "Wagwag", "Milagrosa", "Azucena", "Binicol", "Kinandang Patong"],
    banana: ["Lakatan", "Latundan", "Saba", "Bungulan"],
  },
  vi: { any: ["Đỏ", "Trắng", "Đen"], rice: ["Tám Thơm", "Nàng Hương", "Nếp Cái Hoa Vàng", "Dự Hương", "Chiêm Dâu"] },
  th: { any: ["Daeng", "Dam"], rice: ["Khao Dawk Mali", "Khao Kai Noi", "Hom Nang Nuan", "Khao Niaw Dam", "Leuang Yai"] },
  el: { any: ["Dopia"], wheat: ["Mavragani", "Kontopouli", "Skliropetra"] },
  ka: { any: ["Tsiteli", "Tetri"], wheat: ["Dika", "Tsiteli Doli", "Zanduri", "Makha", "Lomtagora"] },
  ru: { any: ["Mestnaya", "Krasnaya", "Belaya"], wheat: ["Arnautka", "Beloturka", "Ulka", "Banatka"] },
};

/**
 * Prefixes of breeding programmes' line designations, per crop. Real series: BAT (CIAT beans), CML (CIMMYT maize
 * lines), IR (IRRI rice), ICCV, ICSV, ICMV, ICPL, ICGV (ICRISAT chickpea, sorghum, pearl millet, pigeonpea,
 * groundnut), IT (IITA cowpea), TMS (IITA cassava), ILL, ILB, ICB (ICARDA lentil, faba bean, barley), FHIA (the
 * Honduran banana programme); the others are the sandbox's. None is a sandbox genebank's ACCENUMB prefix.
 */
export const LINE_PREFIX: Record<string, string> = {
  beans: "BAT ",
  maize: "CML ",
  rice: "IR ",
  chickpea: "ICCV ",
  sorghum: "ICSV ",
  pearlmillet: "ICMV ",
  pigeonpea: "ICPL ",
  groundnut: "ICGV ",
  cowpea: "IT",
  cassava: "TMS ",
  lentil: "ILL ",
  faba: "ILB ",
  barley: "ICB ",
  banana: "FHIA-",
  wheat: "ICW ",
  potato: "LBr-",
  sweetpotato: "SPK ",
  yam: "YL ",
};

/** The landrace names of an area for a crop: the crop's own names twice, then the area's descriptive words. */
export function landraceNames(area: string, crop: string): string[] {
  const a = LANDRACE_NAMES[area];
  if (!a) return [];
  const own = a[crop] ?? [];
  return [...own, ...own, ...(a.any ?? [])];
}

/** SQL: the line prefix of the row's `crop_code`. */
export const linePrefixSql = (): string =>
  `CASE crop_code ${Object.entries(LINE_PREFIX).map(([c, p]) => `WHEN ${str(c)} THEN ${str(p)}`).join(" ")} END`;

/**
 * SQL: a record's ACCENAME, given columns `id`, `samp_stat`, `crop_code`, `name_area`, `names`, `nnames` (its row of
 * `ref_name`), `towns`, `ntowns`.
 */
export function accessionNameSql(): string {
  const placeWord = `CASE name_area ${Object.entries(PLACE_WORD).map(([a, w]) => `WHEN ${str(a)} THEN ${str(w)}`).join(" ")} END`;
  const prefix = linePrefixSql();
  const local = `names[1 + (h(id, 10) % nnames)::BIGINT]`;
  return `CASE
    WHEN samp_stat >= 400 AND samp_stat < 600 THEN CASE WHEN u(id, 9) < 0.7 THEN ${prefix} || id::VARCHAR END
    WHEN nnames = 0 THEN NULL
    WHEN samp_stat < 300 THEN CASE WHEN u(id, 9) < 0.05 THEN ${local} END
    WHEN u(id, 9) < 0.65 THEN ${local} || CASE WHEN ${placeWord} IS NOT NULL AND u(id, 11) < 0.3
      THEN ' ' || ${placeWord} || ' ' || towns[1 + (h(id, 13) % ntowns)::BIGINT] ELSE '' END
  END`;
}

/** Table `ref_name`: each language area's landrace names per crop (crop "" for a crop without its own list). */
export function refNameRows(crops: readonly string[]): string[][] {
  const rows: string[][] = [];
  for (const area of Object.keys(LANDRACE_NAMES)) {
    for (const crop of crops) {
      const names = landraceNames(area, crop);
      rows.push([str(area), str(crop), strList(names.length ? names : [""]), String(names.length)]);
    }
  }
  return rows;
}
