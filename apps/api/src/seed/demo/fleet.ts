import { withRevocation } from "../../auth/revocation-repository.js";
import type { TDb } from "../../db/client.js";
import { DEMO_FLEET_SIZE, STAND_IN_SHIPS, type TStandInShip } from "../../equasis/stand-in/ships.js";
import { vesselTypeTitle } from "../../resources/fleet/registry-particulars.js";

/**
 * The demo fleet (spec 002 §2-9, guide DOMAIN.md): five ship-owners, three technical managers,
 * four crewing agents and 30 vessels the demo registry knows (valid IMO numbers, flag states,
 * types, tonnages), each with a manning scale of 15 to 24 ranks and wage offers a crewing
 * office would quote; coordinators and recruiters from the demo staff, and the partner
 * accounts linked to their owners so the partner views show a fleet of their own.
 */
const OWNERS: readonly { title: string; shortTitle: string }[] = [
  { title: "Aegean Bulk Carriers S.A.", shortTitle: "Aegean Bulk" },
  { title: "Nordic Tankers AS", shortTitle: "Nordic Tankers" },
  { title: "Pacific Crest Shipping Pte Ltd", shortTitle: "Pacific Crest" },
  { title: "Black Sea Maritime Ltd", shortTitle: "BSM" },
  { title: "Hanseatic Container Lines GmbH", shortTitle: "HCL" },
];
const MANAGERS = [
  "Oceanic Ship Management Ltd",
  "Baltic Technical Services SIA",
  "Blue Anchor Marine Services Ltd",
];
const AGENTS: readonly {
  name: string;
  country: string;
  contactPerson: string;
  email: string;
  phone: string;
}[] = [
  {
    name: "Odesa Crewing Partners",
    country: "UA",
    contactPerson: "Oleksandr Kovalenko",
    email: "crew@odesa-partners.example",
    phone: "+380 48 700 1122",
  },
  {
    name: "Manila Seafarers Agency",
    country: "PH",
    contactPerson: "Maria Santos",
    email: "manning@manila-seafarers.example",
    phone: "+63 2 8527 4410",
  },
  {
    name: "Mumbai Marine Manpower",
    country: "IN",
    contactPerson: "Rahul Mehta",
    email: "ops@mumbai-manpower.example",
    phone: "+91 22 6654 2300",
  },
  {
    name: "Riga Maritime Crew",
    country: "LV",
    contactPerson: "Janis Ozols",
    email: "office@riga-crew.example",
    phone: "+371 6700 5521",
  },
];
/** Flag states of the demo fleet missing from the reference countries. */
const FLAG_COUNTRIES: readonly [string, string][] = [
  ["MH", "Marshall Islands"],
  ["BS", "Bahamas"],
  ["HK", "Hong Kong"],
  ["PT", "Portugal"],
  ["AG", "Antigua and Barbuda"],
  ["NO", "Norway"],
];
/** Main engines by the kind of ship that usually carries them: [title, engine type, maker]. */
const ENGINES: Record<string, [string, string, string]> = {
  large: ["MAN B&W 6S60ME-C", "Two-stroke diesel", "MAN Energy Solutions"],
  tanker: ["MAN B&W 7G80ME-C", "Two-stroke diesel", "MAN Energy Solutions"],
  box: ["WinGD X72", "Two-stroke diesel", "WinGD"],
  gas: ["WinGD X72DF", "Dual-fuel", "WinGD"],
  small: ["MAN B&W 6S50MC-C", "Two-stroke diesel", "MAN Energy Solutions"],
  mid: ["Mitsubishi 7UEC60LSE", "Two-stroke diesel", "Mitsubishi"],
  osv: ["Wärtsilä 8L46F", "Four-stroke diesel", "Wärtsilä"],
};
const engineOf = (ship: TStandInShip): string => {
  if (/LNG|LPG/.test(ship.type)) return "gas";
  if (/Crude/.test(ship.type)) return "tanker";
  if (/Container/.test(ship.type)) return "box";
  if (/Offshore/.test(ship.type)) return "osv";
  if (ship.deadweight > 60_000) return "large";
  return ship.deadweight > 20_000 ? "mid" : "small";
};
const groupOf = (ship: TStandInShip): string =>
  /Tanker/.test(ship.type)
    ? "Tankers & gas"
    : /Container|Ro-Ro|Refrigerated/.test(ship.type)
      ? "Liner & reefer"
      : "Bulk & general cargo";

/** The order a scale lists its ranks in: deck officers, engine officers, ratings, galley. */
const RANK_ORDER = [
  "Master",
  "Chief Officer",
  "2nd Officer",
  "3rd Officer",
  "Deck Cadet",
  "Chief Engineer",
  "2nd Engineer",
  "3rd Engineer",
  "4th Engineer",
  "ETO",
  "Engine Cadet",
  "Bosun",
  "AB",
  "OS",
  "Fitter",
  "Oiler",
  "Wiper",
  "Cook",
];
/** A manning scale: ranks in order, with the number of each; sizes 15 to 24 by ship. */
const SCALE_BASE: readonly [string, number][] = [
  ["Master", 1],
  ["Chief Officer", 1],
  ["2nd Officer", 1],
  ["3rd Officer", 1],
  ["Chief Engineer", 1],
  ["2nd Engineer", 1],
  ["3rd Engineer", 1],
  ["ETO", 1],
  ["Bosun", 1],
  ["AB", 3],
  ["OS", 1],
  ["Oiler", 1],
  ["Cook", 1],
];
const scaleOf = (ship: TStandInShip, index: number): [string, number][] => {
  const ranks = SCALE_BASE.map(([r, n]): [string, number] => [r, n]);
  const extra =
    ship.deadweight > 40_000 || /LNG|LPG|Crude|Chemical/.test(ship.type)
      ? 5
      : ship.deadweight > 12_000
        ? 3
        : 1;
  const bump = (rank: string, by = 1) => {
    const row = ranks.find(([r]) => r === rank);
    if (row) row[1] += by;
    else ranks.push([rank, by]);
  };
  // 15 rows at least; larger and gas/tank ships carry more engine and deck ratings and cadets.
  bump("4th Engineer");
  if (extra >= 3) {
    bump("Fitter");
    bump("Wiper");
  }
  if (extra >= 5) {
    bump("AB");
    bump("OS");
    bump("Oiler");
  }
  if (index % 2 === 0) bump("Deck Cadet");
  if (index % 3 === 0) bump("Engine Cadet");
  if (/LNG|Crude/.test(ship.type)) bump("Fitter");
  return ranks.sort(([a], [b]) => RANK_ORDER.indexOf(a) - RANK_ORDER.indexOf(b));
};
/** Monthly wage offered, USD: [from, to] by rank. */
const OFFERS: Record<string, [number, number]> = {
  Master: [9_500, 14_000],
  "Chief Engineer": [9_000, 13_500],
  "Chief Officer": [6_500, 8_500],
  "2nd Engineer": [6_000, 8_000],
  "2nd Officer": [3_800, 4_800],
  "3rd Engineer": [3_800, 4_800],
  "3rd Officer": [3_000, 3_800],
  "4th Engineer": [2_600, 3_200],
  ETO: [5_000, 6_500],
  Bosun: [2_100, 2_500],
  AB: [1_600, 1_900],
  OS: [1_100, 1_300],
  Fitter: [1_900, 2_300],
  Oiler: [1_500, 1_800],
  Wiper: [1_100, 1_300],
  Cook: [1_800, 2_200],
  "Deck Cadet": [500, 700],
  "Engine Cadet": [500, 700],
};
/** Offers a step up on gas carriers and large tankers; rounded to 50 dollars. */
const offerOf = (rank: string, ship: TStandInShip, seed: number): number | null => {
  const range = OFFERS[rank];
  if (!range) return null;
  const premium = /LNG/.test(ship.type) ? 1.15 : /Crude|LPG/.test(ship.type) ? 1.08 : 1;
  const at = range[0] + (((seed * 7919) % 100) / 100) * (range[1] - range[0]);
  return Math.round((at * premium) / 50) * 50;
};

export const seedFleet = async (db: TDb): Promise<void> => {
  if ((await db.vessel.count()) > 0) return;
  for (const [code, name] of FLAG_COUNTRIES) {
    if (!(await db.country.findFirst({ where: { OR: [{ code }, { name }] } })))
      await db.country.create({ data: { code, name } });
  }
  const countries = new Map((await db.country.findMany()).map((c) => [c.name.toLowerCase(), c.id]));
  const countryCodes = new Map((await db.country.findMany()).map((c) => [c.code, c.id]));

  const engineTypes = new Map((await db.engineType.findMany()).map((e) => [e.title, e.id]));
  const makers = new Map((await db.engineManufacturer.findMany()).map((m) => [m.title, m.id]));
  const engines = new Map<string, number>();
  for (const [key, [title, type, maker]] of Object.entries(ENGINES)) {
    const engine = await db.mainEngine.upsert({
      where: { title },
      create: {
        title,
        engineTypeId: engineTypes.get(type) ?? null,
        engineManufacturerId: makers.get(maker) ?? null,
      },
      update: {},
    });
    engines.set(key, engine.id);
  }

  await db.owner.createMany({ data: OWNERS.map((o) => ({ title: o.title, shortTitle: o.shortTitle })) });
  await db.manager.createMany({ data: MANAGERS.map((title) => ({ title })) });
  await db.crewingAgent.createMany({
    data: AGENTS.map((a) => ({
      name: a.name,
      countryId: countryCodes.get(a.country) ?? null,
      contactPerson: a.contactPerson,
      email: a.email,
      phone: a.phone,
    })),
  });
  const owners = new Map((await db.owner.findMany()).map((o) => [o.title, o.id]));
  const managers = new Map((await db.manager.findMany()).map((m) => [m.title, m.id]));
  const vesselTypes = new Map((await db.vesselType.findMany()).map((t) => [t.title, t.id]));
  const ranks = new Map((await db.rank.findMany()).map((r) => [r.title, r.id]));
  const staff = new Map((await db.client.findMany()).map((c) => [c.email, c.id]));
  const person = (role: string): number => {
    const id = staff.get(`${role}@example.com`);
    if (id === undefined) throw new Error(`demo account ${role}@example.com is missing`);
    return id;
  };
  const coordinators = [person("admin"), person("manager"), person("superuser")];
  const recruiters = [person("manager"), person("guest"), person("freelance"), person("admin")];

  const fleet = STAND_IN_SHIPS.slice(0, DEMO_FLEET_SIZE);
  for (const [i, ship] of fleet.entries()) {
    const vessel = await db.vessel.create({
      data: {
        name: ship.name,
        imo: ship.imo,
        callSign: ship.callSign,
        flagId: countries.get(ship.flag.toLowerCase()) ?? null,
        vesselTypeId: vesselTypes.get(vesselTypeTitle(ship.type)) ?? null,
        yearBuilt: ship.yearBuilt,
        deadweight: ship.deadweight,
        grossTonnage: ship.grossTonnage,
        mainEngineId: engines.get(engineOf(ship)) ?? null,
        group: groupOf(ship),
        // Two sold out of the fleet, three prospects the office is tendering for.
        isActive: i !== 7 && i !== 22,
        isSelected: i === 5 || i === 17 || i === 28,
        coordinatorId:
          i === 5 || i === 17 || i === 28 ? null : (coordinators[i % coordinators.length] ?? null),
      },
    });
    const ownerId = owners.get(ship.registeredOwner);
    if (ownerId) await db.ownerVessel.create({ data: { ownerId, vesselId: vessel.id } });
    // Every vessel but the prospects has a technical manager.
    const managerId = managers.get(ship.shipManager);
    if (managerId && !vessel.isSelected)
      await db.managerVessel.create({ data: { managerId, vesselId: vessel.id } });
    const recruiter = recruiters[i % recruiters.length];
    if (recruiter !== undefined)
      await db.assignVessel.create({ data: { clientId: recruiter, vesselId: vessel.id } });

    const totals = new Map<string, number>();
    const rows = scaleOf(ship, i).flatMap(([rank, count]) => Array.from({ length: count }, () => rank));
    for (const rank of rows) totals.set(rank, (totals.get(rank) ?? 0) + 1);
    const seen = new Map<string, number>();
    await db.manningScale.createMany({
      data: rows.flatMap((rank, position) => {
        const rankId = ranks.get(rank);
        if (rankId === undefined) return [];
        const n = (seen.get(rank) ?? 0) + 1;
        seen.set(rank, n);
        return [
          {
            vesselId: vessel.id,
            rankId,
            name: (totals.get(rank) ?? 0) > 1 ? `${rank} ${n}` : rank,
            crewingPriority: position + 1,
            templateOffer: offerOf(rank, ship, i * 31 + position),
          },
        ];
      }),
    });
  }

  // Partners are the owners' own people: partner sees two owners' fleets, partner_view one.
  const ownerIds = OWNERS.map((o) => owners.get(o.title) ?? 0);
  const [aegean = 0, nordic = 0, pacific = 0, blackSea = 0] = ownerIds;
  await db.assignOwner.createMany({
    data: [
      { clientId: person("partner"), ownerId: aegean },
      { clientId: person("partner"), ownerId: nordic },
      { clientId: person("partner_view"), ownerId: aegean },
      { clientId: person("admin"), ownerId: pacific },
      { clientId: person("manager"), ownerId: blackSea },
    ],
  });
  await db.ownerInspector.createMany({
    data: [
      { clientId: person("superuser"), ownerId: aegean },
      { clientId: person("admin"), ownerId: nordic },
      { clientId: person("manager"), ownerId: pacific },
    ],
  });

  // Offices by port, and Equasis emails: a registry search needs only the password saved in the profile.
  const ports = new Map((await db.port.findMany()).map((p) => [p.name, p.id]));
  const offices: [string, string][] = [
    ["admin", "Odesa"],
    ["superuser", "Odesa"],
    ["manager", "Manila"],
    ["guest", "Mumbai"],
    ["freelance", "Piraeus"],
  ];
  // equasis_email is read with every session: a revocation (auth/revocation-repository.ts).
  await withRevocation(db, async (tx) => {
    for (const [role, port] of offices) {
      await tx.client.update({
        where: { id: person(role) },
        data: { portId: ports.get(port) ?? null, equasisEmail: `${role}@example.com` },
      });
    }
  });
};
