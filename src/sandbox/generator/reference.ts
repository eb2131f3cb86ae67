/**
 * Reference vocabularies the passport generator draws from: real Genesys crop
 * codes with their genera and species, ISO 3166-1 alpha-3 countries with rough
 * bounding boxes, WIEWS institute codes of real genebanks, and MCPD 2.1 code
 * lists. Taxon ids are synthetic (see docs/sandbox.md).
 */

import { countryName } from "../../mcpd/countries.ts";

export interface Taxon {
  genus: string;
  species: string;
  spAuthor: string;
  subtaxa?: string;
  subtAuthor?: string;
  grinId: number;
  /** Relative share of the crop's accessions of this status (wild or cultivated) that are of this taxon. */
  share: number;
  /**
   * Native countries of the taxon's wild form (ISO 3166-1 alpha-3, those of the sandbox's countries in the published
   * range, see docs/sandbox.md#taxa-and-their-ranges); absent when the taxon has no wild form (bread wheat, faba bean,
   * groundnut, potato: their wild relatives are other taxa).
   */
  wild?: string[];
  /** False for a taxon known only wild (teosintes, Aegilops tauschii, wild rice, crop wild relatives). */
  cultivated: boolean;
  /** Where landraces of the taxon are grown traditionally, when narrower than the crop's `origins`. */
  grown?: string[];
}
export interface Crop {
  code: string;
  name: string;
  taxa: Taxon[];
  /** Countries where the crop is grown traditionally: landraces come from there (or from a taxon's `grown`). */
  origins: string[];
  /** Clonally kept (in vitro, field, cryo) rather than as seed: STORAGE and DUPLSITE follow. */
  clonal?: boolean;
}

type TaxonOpts = { share: number; wild?: string[]; cultivated?: boolean; grown?: string[]; subtaxa?: string; subtAuthor?: string };
const t = (genus: string, species: string, spAuthor: string, grinId: number, o: TaxonOpts): Taxon => ({
  genus,
  species,
  spAuthor,
  grinId,
  share: o.share,
  cultivated: o.cultivated ?? true,
  ...(o.wild ? { wild: o.wild } : {}),
  ...(o.grown ? { grown: o.grown } : {}),
  ...(o.subtaxa ? { subtaxa: o.subtaxa, subtAuthor: o.subtAuthor } : {}),
});
/** A taxon known only wild. */
const w = (genus: string, species: string, spAuthor: string, grinId: number, o: Omit<TaxonOpts, "cultivated" | "grown">): Taxon =>
  t(genus, species, spAuthor, grinId, { ...o, cultivated: false });

/**
 * Crops, their taxa and where each is wild or grown. Native ranges: GRIN-Global taxonomy and Plants of the World Online
 * (Kew), restricted to the sandbox's countries; shares of taxa: the genebanks' own published counts where there are
 * some (docs/sandbox.md#taxa-and-their-ranges names each source), else the main cultivated species first.
 */
export const CROPS: Crop[] = [
  {
    code: "maize",
    name: "Maize",
    taxa: [
      t("Zea", "mays", "L.", 42207, { share: 100 }),
      w("Zea", "mays", "L.", 42209, { share: 3, subtaxa: "subsp. mexicana", subtAuthor: "(Schrad.) Iltis", wild: ["MEX"] }),
      w("Zea", "diploperennis", "Iltis et al.", 42204, { share: 1, wild: ["MEX"] }),
    ],
    origins: ["MEX", "GTM", "PER", "BOL", "COL", "ECU", "BRA", "ARG", "USA", "ZMB", "KEN", "ETH", "IND", "CHN"],
  },
  {
    code: "wheat",
    name: "Wheat",
    taxa: [
      t("Triticum", "aestivum", "L.", 40544, { share: 80 }),
      t("Triticum", "turgidum", "L.", 40617, {
        share: 15,
        subtaxa: "subsp. durum",
        subtAuthor: "(Desf.) Husn.",
        grown: ["MAR", "TUN", "ETH", "TUR", "SYR", "ITA", "ESP", "GRC", "IRN"],
      }),
      t("Triticum", "monococcum", "L.", 40567, { share: 2, grown: ["TUR", "GEO", "ARM", "ITA", "ESP"] }),
      w("Aegilops", "tauschii", "Coss.", 300079, {
        share: 1,
        wild: ["AFG", "ARM", "AZE", "CHN", "GEO", "IND", "IRN", "KAZ", "LBN", "PAK", "RUS", "SYR", "TUR", "UZB"],
      }),
    ],
    origins: [
      "TUR",
      "IRN",
      "SYR",
      "AFG",
      "PAK",
      "IND",
      "ETH",
      "GEO",
      "ARM",
      "AZE",
      "UZB",
      "KAZ",
      "CHN",
      "MAR",
      "ESP",
      "ITA",
      "GRC",
      "UKR",
      "RUS",
    ],
  },
  {
    code: "rice",
    name: "Rice",
    taxa: [
      t("Oryza", "sativa", "L.", 26072, { share: 95 }),
      t("Oryza", "glaberrima", "Steud.", 26056, { share: 5, grown: ["MLI", "SEN", "NGA", "CIV", "GHA", "BFA"] }),
      w("Oryza", "rufipogon", "Griff.", 26077, {
        share: 1,
        wild: ["BGD", "CHN", "IDN", "IND", "MMR", "MYS", "PHL", "PNG", "THA", "VNM", "AUS"],
      }),
    ],
    origins: ["IND", "BGD", "NPL", "CHN", "PHL", "IDN", "THA", "VNM", "MMR", "LAO", "JPN", "KOR", "MLI", "SEN", "NGA", "MDG"],
  },
  {
    code: "beans",
    name: "Beans",
    taxa: [
      t("Phaseolus", "vulgaris", "L.", 27657, {
        share: 85,
        wild: ["ARG", "BOL", "COL", "CRI", "ECU", "GTM", "HND", "MEX", "NIC", "PER"],
      }),
      t("Phaseolus", "lunatus", "L.", 27623, {
        share: 10,
        wild: ["MEX", "GTM", "HND", "NIC", "CRI", "COL", "ECU", "PER"],
        grown: ["MEX", "GTM", "PER", "ECU", "COL", "BRA", "MDG", "NGA", "GHA"],
      }),
      t("Phaseolus", "coccineus", "L.", 27594, {
        share: 4,
        wild: ["MEX", "GTM", "HND"],
        grown: ["MEX", "GTM", "HND", "COL", "ESP", "ITA", "GRC"],
      }),
      t("Phaseolus", "acutifolius", "A. Gray", 27584, { share: 1, wild: ["MEX", "USA"], grown: ["MEX", "USA"] }),
    ],
    origins: ["COL", "MEX", "GTM", "PER", "ECU", "BOL", "BRA", "ARG", "RWA", "BDI", "UGA", "KEN", "TZA", "MWI", "ESP", "ITA", "GRC"],
  },
  {
    code: "barley",
    name: "Barley",
    taxa: [
      t("Hordeum", "vulgare", "L.", 19344, { share: 100 }),
      w("Hordeum", "vulgare", "L.", 19347, {
        share: 1,
        subtaxa: "subsp. spontaneum",
        subtAuthor: "(K. Koch) Thell.",
        wild: ["AFG", "ARM", "AZE", "CHN", "EGY", "IND", "IRN", "ISR", "JOR", "LBN", "PAK", "SYR", "TUR", "UZB"],
      }),
    ],
    origins: ["SYR", "IRN", "TUR", "ETH", "MAR", "AFG", "CHN", "NPL", "DEU", "ESP", "JOR", "ISR"],
  },
  {
    code: "sorghum",
    name: "Sorghum",
    taxa: [
      t("Sorghum", "bicolor", "(L.) Moench", 35144, { share: 100 }),
      w("Sorghum", "bicolor", "(L.) Moench", 35146, {
        share: 1,
        subtaxa: "subsp. verticilliflorum",
        subtAuthor: "(Steud.) de Wet ex Wiersema & J. Dahlb.",
        wild: ["SDN", "ETH", "TCD", "KEN", "NGA", "TZA", "UGA", "ZMB", "ZWE", "MWI", "CMR", "NER", "MLI"],
      }),
    ],
    origins: ["SDN", "ETH", "NGA", "NER", "MLI", "BFA", "TCD", "IND", "YEM", "KEN", "TZA", "ZWE"],
  },
  {
    code: "potato",
    name: "Potato",
    clonal: true,
    taxa: [
      t("Solanum", "tuberosum", "L.", 35128, { share: 70 }),
      t("Solanum", "stenotomum", "Juz. & Bukasov", 35102, { share: 20, grown: ["PER", "BOL"] }),
      t("Solanum", "phureja", "Juz. & Bukasov", 35080, { share: 10, grown: ["PER", "BOL", "ECU", "COL"] }),
      w("Solanum", "acaule", "Bitter", 35002, { share: 1, wild: ["ARG", "BOL", "PER"] }),
    ],
    origins: ["PER", "BOL", "ECU", "COL", "ARG", "CHL"],
  },
  {
    code: "cassava",
    name: "Cassava",
    clonal: true,
    taxa: [
      t("Manihot", "esculenta", "Crantz", 23191, { share: 100 }),
      w("Manihot", "esculenta", "Crantz", 23195, {
        share: 1,
        subtaxa: "subsp. flabellifolia",
        subtAuthor: "(Pohl) Ciferri",
        wild: ["BRA"],
      }),
    ],
    origins: ["BRA", "COL", "PER", "PRY", "NGA", "GHA", "COD", "TZA", "THA", "IDN"],
  },
  {
    code: "cowpea",
    name: "Cowpea",
    taxa: [
      t("Vigna", "unguiculata", "(L.) Walp.", 41628, {
        share: 95,
        wild: ["NGA", "CMR", "GHA", "NAM", "TZA", "KEN", "ZMB", "ZWE", "MWI", "UGA", "ETH"],
      }),
      t("Vigna", "unguiculata", "(L.) Walp.", 41631, {
        share: 5,
        subtaxa: "subsp. sesquipedalis",
        subtAuthor: "(L.) Verdc.",
        grown: ["CHN", "IND", "PHL", "IDN", "THA", "VNM"],
      }),
    ],
    origins: ["NGA", "NER", "BFA", "GHA", "SEN", "MLI", "CMR", "IND", "BRA"],
  },
  {
    code: "chickpea",
    name: "Chickpea",
    taxa: [t("Cicer", "arietinum", "L.", 10682, { share: 100 }), w("Cicer", "reticulatum", "Ladiz.", 10693, { share: 1, wild: ["TUR"] })],
    origins: ["IND", "PAK", "IRN", "TUR", "ETH", "AFG", "SYR", "MEX", "MAR"],
  },
  {
    code: "lentil",
    name: "Lentil",
    taxa: [
      t("Lens", "culinaris", "Medik.", 21389, { share: 100 }),
      w("Lens", "orientalis", "(Boiss.) Hand.-Mazz.", 21394, { share: 1, wild: ["TUR", "SYR", "LBN", "ISR", "JOR", "IRN", "AFG", "UZB"] }),
    ],
    origins: ["SYR", "TUR", "IRN", "ETH", "IND", "NPL", "AFG", "JOR", "MAR", "EGY"],
  },
  {
    code: "pearlmillet",
    name: "Pearl millet",
    taxa: [
      t("Cenchrus", "americanus", "(L.) Morrone", 466393, { share: 100 }),
      w("Cenchrus", "americanus", "(L.) Morrone", 466394, {
        share: 1,
        subtaxa: "subsp. monodii",
        subtAuthor: "(Maire) Morrone",
        wild: ["MLI", "NER", "SEN", "TCD", "SDN"],
      }),
    ],
    origins: ["NER", "MLI", "SEN", "BFA", "NGA", "TCD", "SDN", "IND", "NAM"],
  },
  {
    code: "banana",
    name: "Banana",
    clonal: true,
    taxa: [
      t("Musa", "acuminata", "Colla", 24718, { share: 90, wild: ["IDN", "MYS", "PHL", "PNG", "THA", "MMR", "IND", "VNM", "LAO"] }),
      w("Musa", "balbisiana", "Colla", 24720, { share: 40, wild: ["IND", "MMR", "THA", "CHN", "LAO", "VNM", "PHL"] }),
    ],
    origins: ["PNG", "IDN", "PHL", "MYS", "IND", "UGA", "CMR", "HND"],
  },
  {
    code: "sweetpotato",
    name: "Sweet potato",
    clonal: true,
    taxa: [
      t("Ipomoea", "batatas", "(L.) Lam.", 20138, { share: 100 }),
      w("Ipomoea", "trifida", "(Kunth) G. Don", 20274, { share: 1, wild: ["MEX", "GTM", "HND", "NIC", "CRI", "COL"] }),
    ],
    origins: ["PER", "ECU", "COL", "GTM", "MEX", "PNG", "UGA", "CHN"],
  },
  {
    code: "groundnut",
    name: "Groundnut",
    taxa: [
      t("Arachis", "hypogaea", "L.", 3935, { share: 100 }),
      w("Arachis", "duranensis", "Krapov. & W. C. Greg.", 3925, { share: 1, wild: ["ARG", "BOL", "PRY"] }),
    ],
    origins: ["BOL", "ARG", "BRA", "PER", "PRY", "IND", "SEN", "NGA", "CHN"],
  },
  {
    code: "faba",
    name: "Faba bean",
    taxa: [t("Vicia", "faba", "L.", 42272, { share: 100 })],
    origins: ["ETH", "EGY", "SYR", "CHN", "MAR", "ESP", "TUN", "SDN"],
  },
  {
    code: "pigeonpea",
    name: "Pigeon pea",
    taxa: [
      t("Cajanus", "cajan", "(L.) Millsp.", 8437, { share: 100 }),
      w("Cajanus", "scarabaeoides", "(L.) Thouars", 8453, { share: 1, wild: ["IND", "MMR", "THA", "IDN", "PHL"] }),
    ],
    origins: ["IND", "KEN", "TZA", "MWI", "UGA", "NPL", "MMR"],
  },
  {
    code: "yam",
    name: "Yam",
    clonal: true,
    taxa: [
      t("Dioscorea", "rotundata", "Poir.", 14337, { share: 70, grown: ["NGA", "GHA", "BEN", "CIV", "TGO", "CMR"] }),
      t("Dioscorea", "alata", "L.", 14306, { share: 30 }),
      w("Dioscorea", "praehensilis", "Benth.", 14330, { share: 1, wild: ["NGA", "GHA", "CIV", "BEN", "TGO", "CMR"] }),
    ],
    origins: ["NGA", "GHA", "BEN", "CIV", "TGO", "CMR", "PNG"],
  },
];

export interface Country {
  code3: string;
  codeNum: number;
  name: string;
  lat: [number, number];
  lon: [number, number];
  towns: string[];
}
/** Names come from the MCPD vocabulary module (the client decodes with the same), the given name only for a code it lacks. */
const c = (code3: string, codeNum: number, name: string, lat: [number, number], lon: [number, number], towns: string[]): Country => ({
  code3,
  codeNum,
  name: countryName(code3) ?? name,
  lat,
  lon,
  towns,
});

/**
 * Bounding boxes (degrees) of each country's farming regions: collecting sites are drawn on the country's land
 * inside this box (sites.json), so that they fall where crops are grown rather than in deserts or tundra.
 */
export const COUNTRIES: Country[] = [
  c("AFG", 4, "Afghanistan", [31, 37], [62, 70], ["Herāt", "Kandahār", "Bāmyān", "Mazār-i-Sharīf"]),
  c("ARG", 32, "Argentina", [-38, -23], [-68, -58], ["Jujuy", "Salta", "Tucumán", "Córdoba"]),
  c("ARM", 51, "Armenia", [39.2, 41.1], [43.8, 46.2], ["Gyumri", "Vanadzor", "Sevan"]),
  c("AUS", 36, "Australia", [-38, -27], [138, 152], ["Horsham", "Wagga Wagga", "Toowoomba"]),
  c("AZE", 31, "Azerbaijan", [38.8, 41.5], [45.5, 49.5], ["Gəncə", "Şəki", "Lənkəran"]),
  c("BDI", 108, "Burundi", [-4.3, -2.5], [29.1, 30.7], ["Gitega", "Ngozi", "Muyinga"]),
  c("BEL", 56, "Belgium", [49.6, 51.4], [2.6, 6.3], ["Gembloux", "Leuven", "Namur"]),
  c("BEN", 204, "Benin", [6.5, 12], [1.2, 3.5], ["Parakou", "Djougou", "Abomey"]),
  c("BFA", 854, "Burkina Faso", [10, 14.5], [-5, 1.8], ["Bobo-Dioulasso", "Ouahigouya", "Koudougou"]),
  c("BGD", 50, "Bangladesh", [21.5, 25.8], [88.3, 92.3], ["Rājshāhi", "Sylhet", "Bogra"]),
  c("BOL", 68, "Bolivia", [-21.5, -11], [-68.5, -58.5], ["Cochabamba", "Potosí", "Sucre", "Tarija"]),
  c("BRA", 76, "Brazil", [-30, -3], [-60, -38], ["Goiânia", "Cuiabá", "Petrolina", "Londrina"]),
  c("CRI", 188, "Costa Rica", [8.5, 11], [-85.5, -82.8], ["Turrialba", "Cartago", "Liberia"]),
  c("CHL", 152, "Chile", [-42, -28], [-73, -70], ["Chillán", "Temuco", "La Serena"]),
  c("CHN", 156, "China", [23, 41], [100, 120], ["Kunming", "Chéngdū", "Xī'ān", "Lánzhōu"]),
  c("CIV", 384, "Côte d'Ivoire", [5.5, 10], [-7.5, -3.5], ["Bouaké", "Korhogo", "Daloa"]),
  c("CMR", 120, "Cameroon", [3, 10], [10, 15], ["Bamenda", "Garoua", "Bafoussam"]),
  c("COD", 180, "Democratic Republic of the Congo", [-10, 3], [18, 29], ["Kisangani", "Mbandaka", "Kikwit"]),
  c("COL", 170, "Colombia", [1, 11], [-77, -72], ["Pasto", "Popayán", "Tunja", "Ibagué"]),
  c("DEU", 276, "Germany", [48, 54], [7, 14], ["Gatersleben", "Quedlinburg", "Braunschweig"]),
  c("ECU", 218, "Ecuador", [-4.5, 0.8], [-80, -77], ["Riobamba", "Cuenca", "Loja", "Ambato"]),
  c("EGY", 818, "Egypt", [24, 31], [29, 33], ["Asyūţ", "Al Minyā", "Ţanţā"]),
  c("ESP", 724, "Spain", [37, 43], [-8, 0], ["Alcalá de Henares", "Córdoba", "León", "Zaragoza"]),
  c("ETH", 231, "Ethiopia", [5, 14], [35, 42], ["Debre Zeyit", "Gondar", "Jimma", "Mekelle"]),
  c("GEO", 268, "Georgia", [41.3, 43.2], [41.8, 46.2], ["Kutaisi", "Telavi", "Gori"]),
  c("GHA", 288, "Ghana", [5.5, 11], [-2.8, 0.5], ["Tamale", "Kumasi", "Bolgatanga"]),
  c("GRC", 300, "Greece", [37, 41], [21, 24.5], ["Lárisa", "Ioánnina", "Tríkala"]),
  c("GTM", 320, "Guatemala", [14, 17.5], [-91.5, -89], ["Quetzaltenango", "Huehuetenango", "Cobán"]),
  c("HND", 340, "Honduras", [13.5, 15.5], [-88.5, -84], ["Comayagua", "Danlí", "La Ceiba"]),
  c("IDN", 360, "Indonesia", [-8, 3], [98, 115], ["Bogor", "Malang", "Medan", "Yogyakarta"]),
  c("IND", 356, "India", [10, 30], [72, 87], ["Patancheru", "Pune", "Ludhiana", "Coimbatore"]),
  c("IRN", 364, "Iran", [27, 38], [46, 60], ["Karaj", "Eşfahān", "Tabrīz", "Mashhad"]),
  c("ISR", 376, "Israel", [30.5, 33], [34.5, 35.5], ["Bet Dagan", "Be'er Sheva"]),
  c("ITA", 380, "Italy", [38, 46], [8, 16], ["Bari", "Perugia", "Foggia"]),
  c("JOR", 400, "Jordan", [29.5, 32.5], [35.5, 38], ["Irbid", "Madaba", "Al Karak"]),
  c("JPN", 392, "Japan", [31, 43], [131, 142], ["Tsukuba", "Kōchi", "Sapporo"]),
  c("KAZ", 398, "Kazakhstan", [42, 52], [55, 80], ["Almaty", "Shymkent", "Kostanay"]),
  c("KEN", 404, "Kenya", [-4, 4], [34, 40], ["Kitale", "Nakuru", "Machakos", "Embu"]),
  c("KOR", 410, "Republic of Korea", [34.5, 38], [126.5, 129], ["Suwon", "Jeonju", "Daegu"]),
  c("LAO", 418, "Lao People's Democratic Republic", [14, 22], [100.5, 106.5], ["Luang Prabang", "Savannakhet", "Pakse"]),
  c("LBN", 422, "Lebanon", [33.2, 34.6], [35.3, 36.5], ["Terbol", "Zahlé", "Baalbek"]),
  c("MAR", 504, "Morocco", [29, 35], [-9.5, -2], ["Meknès", "Settat", "Marrakech"]),
  c("MDG", 450, "Madagascar", [-25, -12], [44, 50], ["Antsirabe", "Fianarantsoa", "Toamasina"]),
  c("MEX", 484, "Mexico", [15, 28], [-108, -90], ["Texcoco", "Oaxaca de Juárez", "Chilpancingo", "Morelia"]),
  c("MLI", 466, "Mali", [11, 16], [-11, 1], ["Ségou", "Sikasso", "Mopti"]),
  c("MMR", 104, "Myanmar", [16, 26], [94, 98], ["Mandalay", "Magway", "Taunggyi"]),
  c("MWI", 454, "Malawi", [-16.5, -10], [33, 35.5], ["Lilongwe", "Zomba", "Mzuzu"]),
  c("MYS", 458, "Malaysia", [2, 6.5], [100.5, 103.5], ["Serdang", "Ipoh", "Kuantan"]),
  c("NAM", 516, "Namibia", [-25, -18], [14, 24], ["Oshakati", "Rundu", "Otjiwarongo"]),
  c("NER", 562, "Niger", [13, 17], [1, 12], ["Maradi", "Zinder", "Tahoua"]),
  c("NGA", 566, "Nigeria", [5, 13], [3, 13], ["Ibadan", "Kano", "Zaria", "Jos"]),
  c("NIC", 558, "Nicaragua", [11, 14], [-87, -84], ["León", "Matagalpa", "Estelí"]),
  c("NPL", 524, "Nepal", [27, 30], [81, 88], ["Pokhara", "Jumla", "Dhankuta"]),
  c("PAK", 586, "Pakistan", [24, 36], [62, 75], ["Faisalābād", "Quetta", "Peshāwar"]),
  c("PER", 604, "Peru", [-17, -4], [-80, -70], ["Huancayo", "Cusco", "Cajamarca", "Puno"]),
  c("PHL", 608, "Philippines", [7, 18], [120, 126], ["Los Baños", "Baguio", "Davao"]),
  c("PNG", 598, "Papua New Guinea", [-9, -3], [142, 150], ["Goroka", "Lae", "Mount Hagen"]),
  c("PRY", 600, "Paraguay", [-27, -20], [-62, -55], ["Caacupé", "Concepción", "Encarnación"]),
  c("RUS", 643, "Russian Federation", [44, 56], [37, 50], ["Krasnodar", "Saratov", "Voronezh"]),
  c("RWA", 646, "Rwanda", [-2.8, -1.1], [29, 30.8], ["Musanze", "Huye", "Rubona"]),
  c("SDN", 729, "Sudan", [10, 20], [24, 36], ["Wad Madanī", "Al Ubayyiḑ", "Kassala"]),
  c("SEN", 686, "Senegal", [12.5, 16.5], [-17, -12], ["Bambey", "Kaolack", "Ziguinchor"]),
  c("SYR", 760, "Syrian Arab Republic", [32.5, 37], [36, 42], ["Tel Hadya", "Ḩamāh", "Dar'ā"]),
  c("TCD", 148, "Chad", [8, 16], [14, 22], ["Moundou", "Sarh", "Abéché"]),
  c("TGO", 768, "Togo", [6.2, 11], [0, 1.7], ["Kara", "Atakpamé", "Dapaong"]),
  c("THA", 764, "Thailand", [8, 20], [98, 105], ["Chiang Mai", "Khon Kaen", "Ubon Ratchathani"]),
  c("TUN", 788, "Tunisia", [33, 37], [8, 11], ["Béja", "Kairouan", "Sfax"]),
  c("TUR", 792, "Türkiye", [37, 41], [27, 44], ["İzmir", "Konya", "Diyarbakır", "Erzurum"]),
  c("TZA", 834, "United Republic of Tanzania", [-11, -1], [30, 39], ["Arusha", "Morogoro", "Mbeya"]),
  c("UGA", 800, "Uganda", [-1, 4], [30, 35], ["Kawanda", "Namulonge", "Mbarara"]),
  c("UKR", 804, "Ukraine", [46, 51], [24, 38], ["Kharkiv", "Poltava", "Vinnytsia"]),
  c("USA", 840, "United States of America", [30, 47], [-120, -80], ["Pullman", "Ames", "Griffin", "Fort Collins"]),
  c("UZB", 860, "Uzbekistan", [38, 42], [59, 72], ["Samarqand", "Tashkent", "Nukus"]),
  c("VNM", 704, "Viet Nam", [10, 22], [103.5, 108], ["Hà Nội", "Huế", "Cần Thơ"]),
  c("YEM", 887, "Yemen", [13, 17], [43, 48], ["Ṣan'ā'", "Ta'izz", "Dhamār"]),
  c("ZMB", 894, "Zambia", [-17, -9], [23, 32], ["Mazabuka", "Kabwe", "Chipata"]),
  c("ZWE", 716, "Zimbabwe", [-21.5, -16], [26, 32.5], ["Harare", "Gweru", "Masvingo"]),
];

export interface Institute {
  code: string;
  name: string;
  acronym: string;
  country: string;
  id: number;
  crops: string[];
  numberPrefix: Record<string, string> & { default: string };
  url: string;
  /** Year the genebank (or the crop's collection, `foundedCrop`) began: no ACQDATE before it (docs/sandbox.md). */
  founded: number;
  foundedCrop?: Record<string, number>;
  /** Share of wild and weedy accessions per crop where the genebank publishes one; else `DEFAULT_WILD_SHARE`. */
  wildShare?: Record<string, number>;
  /** SAMPSTAT weights of its cultivated material where the genebank publishes them; else `SAMPSTAT_CULTIVATED`. */
  sampstat?: [number, number][];
  /** Safety-duplication sites (DUPLSITE) of seed accessions, and of clonal ones (in vitro back-ups). */
  duplSeed: string[];
  duplClonal?: string[];
}

/** Real WIEWS codes of genebanks that publish on Genesys; crop holdings simplified. */
export const INSTITUTES: Institute[] = [
  {
    code: "MEX002",
    id: 1002,
    name: "International Maize and Wheat Improvement Center",
    acronym: "CIMMYT",
    country: "MEX",
    crops: ["maize", "wheat"],
    numberPrefix: { default: "CWI", maize: "CIMMYTMA-" },
    url: "https://www.cimmyt.org",
    founded: 1966,
    duplSeed: ["NOR051", "USA004", "NOR051;USA004"],
  },
  {
    code: "COL003",
    id: 1003,
    name: "Centro Internacional de Agricultura Tropical",
    acronym: "CIAT",
    country: "COL",
    crops: ["beans", "cassava"],
    numberPrefix: { default: "G", cassava: "COL" },
    url: "https://alliancebioversityciat.org/future-seeds",
    founded: 1967,
    foundedCrop: { beans: 1973 },
    wildShare: { beans: 0.05, cassava: 0.13 },
    duplSeed: ["MEX002;NOR051", "NOR051"],
    duplClonal: [""],
  },
  {
    code: "PER001",
    id: 1001,
    name: "Centro Internacional de la Papa",
    acronym: "CIP",
    country: "PER",
    crops: ["potato", "sweetpotato"],
    numberPrefix: { default: "CIP " },
    url: "https://cipotato.org/genebankcip",
    founded: 1971,
    wildShare: { potato: 0.32 },
    sampstat: [[300, 92], [500, 8]],
    duplSeed: ["NOR051"],
    duplClonal: ["BRA003", "COL003"],
  },
  {
    code: "PHL001",
    id: 1004,
    name: "International Rice Research Institute",
    acronym: "IRRI",
    country: "PHL",
    crops: ["rice"],
    numberPrefix: { default: "IRGC " },
    url: "https://www.irri.org",
    founded: 1960,
    wildShare: { rice: 0.03 },
    duplSeed: ["NOR051;USA004", "USA004", "NOR051"],
  },
  {
    code: "NGA039",
    id: 1005,
    name: "International Institute of Tropical Agriculture",
    acronym: "IITA",
    country: "NGA",
    crops: ["cowpea", "cassava", "yam", "banana", "groundnut"],
    numberPrefix: { default: "TVu-", cassava: "TMe-", yam: "TDr-", banana: "TMb-", groundnut: "TGn-" },
    url: "https://www.iita.org",
    founded: 1967,
    duplSeed: ["NOR051"],
    duplClonal: [""],
  },
  {
    code: "IND002",
    id: 1006,
    name: "International Crops Research Institute for the Semi-Arid Tropics",
    acronym: "ICRISAT",
    country: "IND",
    crops: ["sorghum", "pearlmillet", "chickpea", "pigeonpea", "groundnut"],
    numberPrefix: { default: "IS ", pearlmillet: "IP ", chickpea: "ICC ", pigeonpea: "ICP ", groundnut: "ICG " },
    url: "https://www.icrisat.org",
    founded: 1972,
    wildShare: { sorghum: 0.02, pearlmillet: 0.02, chickpea: 0.02, pigeonpea: 0.02, groundnut: 0.02 },
    sampstat: [[300, 82], [410, 6], [411, 4], [412, 2], [414, 3], [420, 1], [500, 1], [999, 1]],
    duplSeed: ["NOR051"],
  },
  {
    code: "LBN002",
    id: 1007,
    name: "International Center for Agricultural Research in the Dry Areas",
    acronym: "ICARDA",
    country: "LBN",
    crops: ["barley", "wheat", "lentil", "chickpea", "faba"],
    numberPrefix: { default: "IG " },
    url: "https://www.icarda.org",
    founded: 1977,
    duplSeed: ["NOR051"],
  },
  {
    code: "DEU146",
    id: 1008,
    name: "Leibniz-Institut für Pflanzengenetik und Kulturpflanzenforschung",
    acronym: "IPK",
    country: "DEU",
    crops: ["wheat", "barley", "beans", "potato", "faba"],
    numberPrefix: { default: "TRI ", barley: "HOR ", beans: "PHA ", potato: "KAR ", faba: "FAB " },
    url: "https://gbis.ipk-gatersleben.de",
    founded: 1943,
    duplSeed: ["NOR051", ""],
    duplClonal: [""],
  },
  {
    code: "USA022",
    id: 1009,
    name: "Western Regional Plant Introduction Station, USDA-ARS",
    acronym: "W6",
    country: "USA",
    crops: ["beans", "chickpea", "lentil", "wheat", "barley"],
    numberPrefix: { default: "PI " },
    url: "https://npgsweb.ars-grin.gov",
    founded: 1947,
    duplSeed: ["USA004", "USA004;NOR051"],
  },
  {
    code: "USA020",
    id: 1010,
    name: "North Central Regional Plant Introduction Station, USDA-ARS",
    acronym: "NC7",
    country: "USA",
    crops: ["maize"],
    numberPrefix: { default: "PI " },
    url: "https://npgsweb.ars-grin.gov",
    founded: 1948,
    duplSeed: ["USA004", "USA004;NOR051"],
  },
  {
    code: "BEL084",
    id: 1011,
    name: "Bioversity International Musa Germplasm Transit Centre",
    acronym: "ITC",
    country: "BEL",
    crops: ["banana"],
    numberPrefix: { default: "ITC" },
    url: "https://www.musanet.org",
    founded: 1985,
    duplSeed: [""],
    duplClonal: [""],
  },
  {
    code: "CIV010",
    id: 1012,
    name: "Africa Rice Center",
    acronym: "AfricaRice",
    country: "CIV",
    crops: ["rice"],
    numberPrefix: { default: "TOG " },
    url: "https://www.africarice.org",
    founded: 1971,
    duplSeed: ["NOR051", "NOR051;PHL001"],
  },
  {
    code: "AUS165",
    id: 1013,
    name: "Australian Grains Genebank",
    acronym: "AGG",
    country: "AUS",
    crops: ["wheat", "barley", "chickpea", "lentil", "faba"],
    numberPrefix: { default: "AGG " },
    url: "https://agriculture.vic.gov.au",
    founded: 2014,
    duplSeed: ["NOR051", ""],
  },
  {
    code: "ESP004",
    id: 1014,
    name: "Centro de Recursos Fitogenéticos, INIA-CSIC",
    acronym: "CRF",
    country: "ESP",
    crops: ["wheat", "barley", "beans", "faba", "chickpea"],
    numberPrefix: { default: "NC0" },
    url: "https://www.inia.es",
    founded: 1993,
    duplSeed: ["NOR051", ""],
  },
  {
    code: "ETH085",
    id: 1015,
    name: "Ethiopian Biodiversity Institute",
    acronym: "EBI",
    country: "ETH",
    crops: ["sorghum", "barley", "wheat", "faba", "chickpea"],
    numberPrefix: { default: "" },
    url: "https://www.ebi.gov.et",
    founded: 1976,
    duplSeed: ["NOR051", ""],
  },
];

/**
 * Donor / collecting institutes that appear in DONORCODE, COLLCODE, BREDCODE, each with the prefix of its own accession
 * numbers: a DONORNUMB is the donor's number for the sample, so two samples of one donor never share one. IC (NBPGR's
 * Indigenous Collection), TR (the Turkish national collection at AARI) and GBK (the Kenya genebank) are the real
 * series' prefixes; the others are the sandbox's, chosen not to look like any sandbox genebank's ACCENUMB.
 */
export const DONORS: { code: string; name: string; numberPrefix: string }[] = [
  { code: "COL029", name: "ICA/LA SELVA", numberPrefix: "ICA " },
  { code: "CRI001", name: "CATIE", numberPrefix: "CATIE " },
  { code: "MEX008", name: "INIFAP", numberPrefix: "INIFAP " },
  { code: "BRA003", name: "Embrapa Recursos Genéticos e Biotecnologia", numberPrefix: "BRA " },
  { code: "PER002", name: "INIA Perú", numberPrefix: "PER " },
  { code: "KEN212", name: "Genetic Resources Research Institute", numberPrefix: "GBK-" },
  { code: "ETH013", name: "ILRI", numberPrefix: "ILRI " },
  { code: "IND001", name: "ICAR-National Bureau of Plant Genetic Resources", numberPrefix: "IC " },
  { code: "NGA002", name: "National Cereals Research Institute", numberPrefix: "NCRI " },
  { code: "GBR004", name: "Royal Botanic Gardens, Kew, Millennium Seed Bank", numberPrefix: "MSB " },
  { code: "FRA010", name: "INRAE Clermont-Ferrand", numberPrefix: "INRAE " },
  { code: "CHN001", name: "Institute of Crop Sciences, CAAS", numberPrefix: "CAAS " },
  { code: "TUR001", name: "Aegean Agricultural Research Institute", numberPrefix: "TR " },
];

/** Share of wild and weedy accessions of a crop at a genebank that publishes none (Genesys: ICRISAT 2 %, CIP potato 32 %). */
export const DEFAULT_WILD_SHARE = 0.05;
/** MCPD 2.1 SAMPSTAT codes of wild and weedy material, with weights (labels: src/mcpd/sampstat.ts). */
export const SAMPSTAT_WILD: [number, number][] = [[100, 8], [110, 2], [120, 1], [200, 2]];
/** SAMPSTAT codes of cultivated material (landraces, breeding material, cultivars), with weights. */
export const SAMPSTAT_CULTIVATED: [number, number][] = [
  [300, 45],
  [400, 6],
  [410, 6],
  [411, 1],
  [412, 1],
  [414, 2],
  [420, 1],
  [500, 12],
  [999, 3],
];
/**
 * COLLSRC given SAMPSTAT, as MCPD 2.1 defines both: wild material from wild habitats (10–15) and weedy or ruderal
 * places (60–62); weedy material also from fields and fallows (20, 21, 24); landraces from farms, home gardens, farm
 * stores, threshing floors (20–27) and markets (30), or via an institute (40); breeding material from research
 * organisations (40); cultivars from farms, markets, institutes and seed companies (20, 30, 40, 50).
 */
export const COLLSRC_BY_SAMPSTAT: { below: number; codes: [number, number][] }[] = [
  { below: 200, codes: [[10, 8], [11, 3], [12, 2], [13, 2], [14, 1], [15, 1], [60, 2], [61, 2], [62, 1]] },
  { below: 300, codes: [[20, 3], [21, 3], [24, 1], [60, 3], [61, 2], [62, 3]] },
  { below: 400, codes: [[20, 20], [21, 4], [22, 1], [23, 3], [24, 1], [26, 2], [27, 1], [30, 10], [40, 6]] },
  { below: 500, codes: [[40, 1]] },
  { below: 600, codes: [[20, 2], [30, 3], [40, 4], [50, 4]] },
  { below: 1000, codes: [[20, 2], [30, 1], [40, 3], [50, 1], [99, 3]] },
];
/** STORAGE of seed accessions (short-, medium-, long-term seed collections). */
export const STORAGE_SEED: [string, number][] = [["13", 50], ["11", 8], ["12", 15], ["11;13", 10], ["12;13", 12], ["10", 2]];
/** STORAGE of clonal accessions (field, in vitro, cryopreserved). */
export const STORAGE_CLONAL: [string, number][] = [["30", 45], ["20", 20], ["20;30", 20], ["30;40", 10], ["40", 5]];
export const SITE_TEMPLATES = [
  "{n} km N of {town}",
  "{n} km S of {town}",
  "{town}, finca {name}",
  "Road to {town}, km {n}",
  "{town} market",
  "Near {town}",
];
export const REMARKS = [
  "Seed increased 1998",
  "Regenerated in field plots",
  "Low germination at last test",
  "Mixed seed colours",
  "Collected from farmer's store",
  "Passport data verified 2021",
  "Photo available",
  "Core collection entry",
];
export const CURATION = [["FULL", 92], ["PARTIAL", 5], ["NONE", 3]] as const;
