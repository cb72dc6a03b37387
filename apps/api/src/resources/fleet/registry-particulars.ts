import type { TRegistryShip } from "../../equasis/registry-ship.js";
import type { TRegistryVesselData, TVesselRegistryRepository } from "./vessel-registry-repository.js";

/**
 * The registry's words turned into the fleet's records: its ship type names into our vessel
 * types, flag states into countries (added with their ISO code when the list lacks them).
 */
const TYPE_NAMES: readonly [RegExp, string][] = [
  [/bulk/i, "Bulk carrier"],
  [/container/i, "Container ship"],
  [/lng/i, "LNG carrier"],
  [/lpg/i, "LPG carrier"],
  [/chemical/i, "Chemical tanker"],
  [/crude|oil/i, "Oil tanker"],
  [/ro-?ro/i, "Ro-Ro"],
  [/refrigerated|reefer/i, "Reefer"],
  [/offshore/i, "Offshore supply vessel"],
  [/general cargo/i, "General cargo"],
];

/** Flag states ships are commonly registered in, with their ISO 3166 codes. */
const FLAG_CODES: Readonly<Record<string, string>> = {
  "antigua and barbuda": "AG",
  bahamas: "BS",
  barbados: "BB",
  belgium: "BE",
  belize: "BZ",
  bermuda: "BM",
  "cayman islands": "KY",
  china: "CN",
  comoros: "KM",
  cyprus: "CY",
  denmark: "DK",
  france: "FR",
  germany: "DE",
  gibraltar: "GI",
  greece: "GR",
  "hong kong": "HK",
  "hong kong, china": "HK",
  india: "IN",
  indonesia: "ID",
  "isle of man": "IM",
  italy: "IT",
  japan: "JP",
  "korea, republic of": "KR",
  "south korea": "KR",
  liberia: "LR",
  luxembourg: "LU",
  malaysia: "MY",
  malta: "MT",
  "marshall islands": "MH",
  moldova: "MD",
  netherlands: "NL",
  norway: "NO",
  panama: "PA",
  philippines: "PH",
  poland: "PL",
  portugal: "PT",
  russia: "RU",
  "russian federation": "RU",
  "saint kitts and nevis": "KN",
  "saint vincent and the grenadines": "VC",
  "sierra leone": "SL",
  singapore: "SG",
  spain: "ES",
  sweden: "SE",
  tanzania: "TZ",
  togo: "TG",
  turkey: "TR",
  türkiye: "TR",
  tuvalu: "TV",
  ukraine: "UA",
  "united kingdom": "GB",
  "united states": "US",
  vanuatu: "VU",
};

export const vesselTypeTitle = (registryType: string): string =>
  TYPE_NAMES.find(([pattern]) => pattern.test(registryType))?.[1] ?? registryType;

/** Column data for a vessel from the registry's ship, and notes on what could not be matched. */
export const vesselDataOf = async (
  repo: TVesselRegistryRepository,
  ship: TRegistryShip,
): Promise<{ data: TRegistryVesselData; notes: string[] }> => {
  const notes: string[] = [];
  let flagId: number | null = null;
  if (ship.flag) {
    flagId = (await repo.countryByName(ship.flag))?.id ?? null;
    const code = FLAG_CODES[ship.flag.toLowerCase()];
    if (flagId === null && code) flagId = await repo.addCountry(ship.flag, code);
    if (flagId === null) notes.push(`flag ${ship.flag} is not in the countries list`);
  }
  const callSign =
    ship.callSign && /^[A-Z0-9]{3,10}$/.test(ship.callSign.toUpperCase())
      ? ship.callSign.toUpperCase()
      : null;
  const bounded = (n: number | null, max: number): number | null =>
    n !== null && n >= 0 && n <= max ? n : null;
  return {
    data: {
      name: ship.name.slice(0, 255),
      callSign,
      flagId,
      vesselTypeId: ship.type ? await repo.vesselTypeId(vesselTypeTitle(ship.type).slice(0, 255)) : null,
      yearBuilt:
        ship.yearBuilt !== null && ship.yearBuilt >= 1900 && ship.yearBuilt <= 2100 ? ship.yearBuilt : null,
      deadweight: bounded(ship.deadweight, 1_000_000),
      grossTonnage: bounded(ship.grossTonnage, 1_000_000),
    },
    notes,
  };
};
