import { imoCheckDigit } from "@crew/contracts";

/**
 * What the demo records are made of (guide DOMAIN.md): ships the office does not manage, the
 * kinds of documents and certificates, rank ladders. Shared by the demo seeder and the scale part.
 */

/** Ships of other companies a seafarer served on: name, type, deadweight range, engine, maker, flag, manager. */
export const OTHER_SHIPS: readonly {
  name: string;
  type: string;
  dwt: number;
  engine: string;
  maker: string;
  flag: string;
  manager: string;
}[] = [
  {
    name: "Ocean Harmony",
    type: "Bulk carrier",
    dwt: 81_600,
    engine: "Two-stroke diesel",
    maker: "MAN Energy Solutions",
    flag: "PA",
    manager: "Northern Star Ship Management",
  },
  {
    name: "Kapitan Lukin",
    type: "Oil tanker",
    dwt: 114_900,
    engine: "Two-stroke diesel",
    maker: "MAN Energy Solutions",
    flag: "LR",
    manager: "Eastmed Tanker Management",
  },
  {
    name: "Silver Horizon",
    type: "Container ship",
    dwt: 50_300,
    engine: "Two-stroke diesel",
    maker: "WinGD",
    flag: "MT",
    manager: "Silverline Ship Management",
  },
  {
    name: "Bay Pioneer",
    type: "General cargo",
    dwt: 12_400,
    engine: "Four-stroke diesel",
    maker: "Wärtsilä",
    flag: "MT",
    manager: "Golden Bay Maritime",
  },
  {
    name: "Nordic Breeze",
    type: "Chemical tanker",
    dwt: 19_900,
    engine: "Two-stroke diesel",
    maker: "Mitsubishi",
    flag: "PA",
    manager: "Baltic Star Management",
  },
  {
    name: "Cape Aurora",
    type: "Bulk carrier",
    dwt: 179_800,
    engine: "Two-stroke diesel",
    maker: "MAN Energy Solutions",
    flag: "LR",
    manager: "Northern Star Ship Management",
  },
  {
    name: "Maersk Kalmar",
    type: "Container ship",
    dwt: 110_000,
    engine: "Two-stroke diesel",
    maker: "MAN Energy Solutions",
    flag: "SG",
    manager: "Coral Sea Marine",
  },
  {
    name: "Gas Venture",
    type: "LPG carrier",
    dwt: 54_700,
    engine: "Two-stroke diesel",
    maker: "MAN Energy Solutions",
    flag: "PA",
    manager: "Eastmed Tanker Management",
  },
  {
    name: "Arctic Spirit",
    type: "LNG carrier",
    dwt: 84_300,
    engine: "Dual-fuel",
    maker: "WinGD",
    flag: "MT",
    manager: "Coral Sea Marine",
  },
  {
    name: "Frost Carrier",
    type: "Reefer",
    dwt: 9_800,
    engine: "Two-stroke diesel",
    maker: "Mitsubishi",
    flag: "PA",
    manager: "Golden Bay Maritime",
  },
  {
    name: "Atlantic Express",
    type: "Ro-Ro",
    dwt: 15_600,
    engine: "Four-stroke diesel",
    maker: "Wärtsilä",
    flag: "MT",
    manager: "Silverline Ship Management",
  },
  {
    name: "Sea Falcon",
    type: "Offshore supply vessel",
    dwt: 4_500,
    engine: "Diesel-electric",
    maker: "Caterpillar",
    flag: "SG",
    manager: "Baltic Star Management",
  },
  {
    name: "Aegean Glory",
    type: "Bulk carrier",
    dwt: 63_500,
    engine: "Two-stroke diesel",
    maker: "Mitsubishi",
    flag: "GR",
    manager: "Eastmed Shipping Co",
  },
  {
    name: "Pacific Trader",
    type: "General cargo",
    dwt: 28_700,
    engine: "Two-stroke diesel",
    maker: "Hyundai HiMSEN",
    flag: "PA",
    manager: "Coral Sea Marine",
  },
  {
    name: "Star Antares",
    type: "Oil tanker",
    dwt: 158_000,
    engine: "Two-stroke diesel",
    maker: "MAN Energy Solutions",
    flag: "GR",
    manager: "Eastmed Shipping Co",
  },
  {
    name: "Blue Marlin",
    type: "Container ship",
    dwt: 36_200,
    engine: "Two-stroke diesel",
    maker: "WinGD",
    flag: "LR",
    manager: "Northern Star Ship Management",
  },
  {
    name: "Iron Duke",
    type: "Bulk carrier",
    dwt: 37_800,
    engine: "Two-stroke diesel",
    maker: "MAN Energy Solutions",
    flag: "MT",
    manager: "Golden Bay Maritime",
  },
  {
    name: "Chem Voyager",
    type: "Chemical tanker",
    dwt: 45_900,
    engine: "Two-stroke diesel",
    maker: "MAN Energy Solutions",
    flag: "LR",
    manager: "Baltic Star Management",
  },
  {
    name: "Lady Anna",
    type: "General cargo",
    dwt: 7_200,
    engine: "Four-stroke diesel",
    maker: "Caterpillar",
    flag: "CY",
    manager: "Eastmed Shipping Co",
  },
  {
    name: "Hanse Spirit",
    type: "Container ship",
    dwt: 23_700,
    engine: "Two-stroke diesel",
    maker: "MAN Energy Solutions",
    flag: "DE",
    manager: "Silverline Ship Management",
  },
  {
    name: "Ocean Pearl",
    type: "Reefer",
    dwt: 11_300,
    engine: "Two-stroke diesel",
    maker: "Mitsubishi",
    flag: "PA",
    manager: "Coral Sea Marine",
  },
  {
    name: "Volga Star",
    type: "Oil tanker",
    dwt: 47_000,
    engine: "Two-stroke diesel",
    maker: "MAN Energy Solutions",
    flag: "MT",
    manager: "Baltic Star Management",
  },
  {
    name: "Global Unity",
    type: "Bulk carrier",
    dwt: 95_700,
    engine: "Two-stroke diesel",
    maker: "WinGD",
    flag: "SG",
    manager: "Northern Star Ship Management",
  },
  {
    name: "Polar Wind",
    type: "LPG carrier",
    dwt: 22_500,
    engine: "Four-stroke diesel",
    maker: "Wärtsilä",
    flag: "LR",
    manager: "Eastmed Tanker Management",
  },
];

/** The imaginary IMO of an OTHER_SHIPS entry: seven digits with the check digit. */
export const otherShipImo = (index: number): string => {
  const first6 = String(931_100 + index * 37).padStart(6, "0");
  return `${first6}${imoCheckDigit(first6)}`;
};

/** Kinds of documents (the `applicant-documents` list) the demo uses, with how long each is valid (years; 0 never expires). */
export const DOCUMENT_KINDS = {
  passport: { title: "Passport", years: 10 },
  book: { title: "Seaman's book", years: 10 },
  medical: { title: "Medical certificate", years: 2 },
  yellowFever: { title: "Yellow fever certificate", years: 0 },
  usVisa: { title: "US visa", years: 5 },
  basic: { title: "STCW VI/1 Basic safety training", years: 5 },
  survival: { title: "STCW VI/2 Survival craft and rescue boats", years: 5 },
  fire: { title: "STCW VI/3 Advanced fire fighting", years: 5 },
  firstAid: { title: "STCW VI/4 Medical first aid", years: 5 },
  security: { title: "STCW VI/6 Security awareness", years: 0 },
  gmdss: { title: "GMDSS General operator", years: 5 },
  cocDeckWatch: { title: "STCW II/1 CoC Officer in charge of a navigational watch", years: 5 },
  cocDeckSenior: { title: "STCW II/2 CoC Master and chief mate", years: 5 },
  cocEngineWatch: { title: "STCW III/1 CoC Officer in charge of an engineering watch", years: 5 },
  cocEngineSenior: { title: "STCW III/2 CoC Chief and second engineer", years: 5 },
  cocEto: { title: "STCW III/6 CoC Electro-technical officer", years: 5 },
} as const;
export type TDocumentKindKey = keyof typeof DOCUMENT_KINDS;

/** The certificate of competency a rank sails on (the ratings and cadets have none). */
export const COC_OF_RANK: Readonly<Record<string, TDocumentKindKey>> = {
  Master: "cocDeckSenior",
  "Chief Officer": "cocDeckSenior",
  "2nd Officer": "cocDeckWatch",
  "3rd Officer": "cocDeckWatch",
  "Chief Engineer": "cocEngineSenior",
  "2nd Engineer": "cocEngineSenior",
  "3rd Engineer": "cocEngineWatch",
  "4th Engineer": "cocEngineWatch",
  ETO: "cocEto",
};

/** Careers: each rank and the one a seafarer usually sailed in before it. */
const LADDERS: readonly (readonly string[])[] = [
  ["Deck Cadet", "3rd Officer", "2nd Officer", "Chief Officer", "Master"],
  ["Engine Cadet", "4th Engineer", "3rd Engineer", "2nd Engineer", "Chief Engineer"],
  ["OS", "AB", "Bosun"],
  ["Wiper", "Oiler", "Fitter"],
  ["Cook"],
  ["ETO"],
];
export const rankBefore = (rank: string): string => {
  for (const ladder of LADDERS) {
    const at = ladder.indexOf(rank);
    if (at > 0) return ladder[at - 1] ?? rank;
  }
  return rank;
};

/** Flags whose administrations endorse foreign certificates of competency. */
export const ENDORSING_FLAGS = ["LR", "PA", "MT", "CY", "SG"] as const;

export const CEFR_BY_SCORE = (score: number): string =>
  score >= 90 ? "C1" : score >= 80 ? "B2" : score >= 65 ? "B1" : score >= 50 ? "A2" : "A1";
