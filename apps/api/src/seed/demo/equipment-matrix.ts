import type { TDb } from "../../db/client.js";

/** The equipment list (the migration inserts the same; a database made before it gets them here). */
const OPTIONS: readonly { title: string; sizeKind: string }[] = [
  { title: "Coverall", sizeKind: "coverall" },
  { title: "Safety shoes", sizeKind: "shoe" },
  { title: "Safety helmet", sizeKind: "none" },
  { title: "Work gloves", sizeKind: "none" },
  { title: "Safety goggles", sizeKind: "none" },
  { title: "Ear protection", sizeKind: "none" },
  { title: "Winter jacket", sizeKind: "coverall" },
  { title: "Rain suit", sizeKind: "coverall" },
  { title: "Safety boots (winter)", sizeKind: "shoe" },
];

/** Unit prices in USD cents (a supplier's list, 2026). */
const PRICES: Record<string, number> = {
  Coverall: 3250,
  "Safety shoes": 5400,
  "Safety helmet": 1275,
  "Work gloves": 320,
  "Safety goggles": 690,
  "Ear protection": 1150,
  "Winter jacket": 8900,
  "Rain suit": 3900,
  "Safety boots (winter)": 7600,
};

/** How many of each item a rank gets per contract, by department (DOMAIN.md "PPE"). */
const quantitiesOf = (department: string, cold: boolean): Record<string, number> => {
  const out: Record<string, number> = {
    Coverall: 2,
    "Safety shoes": 1,
    "Safety helmet": 1,
    "Work gloves": 6,
    "Safety goggles": 1,
    "Ear protection": 1,
  };
  if (department === "engine") Object.assign(out, { Coverall: 3, "Work gloves": 12, "Ear protection": 2 });
  if (department === "deck") out["Rain suit"] = 1;
  if (department === "galley" || department === "catering")
    Object.assign(out, { "Work gloves": 2, "Ear protection": 0 });
  if (cold) Object.assign(out, { "Winter jacket": 1, "Safety boots (winter)": 1 });
  return out;
};

/**
 * Demo protective-equipment matrices (issue 17 §3): every owner a current matrix over its fleet's
 * ranks with prices (Nordic owners add winter gear), and sizes on most applicants' records (one
 * in nine left without, as real records are, so the order shows what is missing).
 */
export const seedEquipmentMatrices = async (db: TDb): Promise<void> => {
  await db.equipmentOption.createMany({ data: [...OPTIONS], skipDuplicates: true });
  const options = await db.equipmentOption.findMany({ select: { id: true, title: true } });
  const optionId = new Map(options.map((o) => [o.title, o.id]));
  const owners = await db.owner.findMany({
    where: { equipmentMatrices: { none: {} } },
    select: { id: true, title: true, shortTitle: true },
    orderBy: { id: "asc" },
  });
  for (const [n, owner] of owners.entries()) {
    const ranks = await db.rank.findMany({
      where: {
        manningScales: {
          some: {
            state: "active",
            OR: [{ ownerId: owner.id }, { vessel: { ownerVessel: { is: { ownerId: owner.id } } } }],
          },
        },
      },
      select: { id: true, department: true },
      orderBy: { crewingPriority: "asc" },
    });
    if (!ranks.length) continue;
    const cold = /nordic|arctic|baltic/i.test(owner.title);
    const columns = OPTIONS.filter(
      (o) => cold || !["Winter jacket", "Safety boots (winter)"].includes(o.title),
    );
    // Owners buy from different suppliers: prices differ by a few per cent.
    const factor = 1 + ((n % 5) - 2) * 0.03;
    await db.$transaction(async (tx) => {
      const matrix = await tx.equipmentMatrix.create({
        data: { ownerId: owner.id, title: `${owner.shortTitle ?? owner.title} PPE issue`, current: true },
      });
      await tx.equipmentMatrixRole.createMany({
        data: ranks.map((r) => ({ ownerMatrixId: matrix.id, roleId: r.id })),
      });
      await tx.equipmentMatrixPrice.createMany({
        data: columns.flatMap((c, i) => {
          const id = optionId.get(c.title);
          return id === undefined
            ? []
            : [
                {
                  ownerMatrixId: matrix.id,
                  equipmentOptionId: id,
                  position: i + 1,
                  priceCents: Math.round(((PRICES[c.title] ?? 1000) * factor) / 5) * 5,
                },
              ];
        }),
      });
      const shown = new Set(columns.map((c) => c.title));
      await tx.equipmentMatrixItem.createMany({
        data: ranks.flatMap((r) =>
          Object.entries(quantitiesOf(r.department, cold)).flatMap(([title, qty]) => {
            const id = optionId.get(title);
            return id === undefined || qty <= 0 || !shown.has(title)
              ? []
              : [{ ownerMatrixId: matrix.id, roleId: r.id, equipmentOptionId: id, qty }];
          }),
        ),
      });
    });
  }
  // Sizes, spread by id (the same on every run); one applicant in nine has none on record.
  await db.$executeRaw`
    UPDATE users SET
      coverall_size = (ARRAY['S','M','L','L','XL','XL','XXL','3XL'])[1 + (id * 7) % 8],
      shoe_size = (39 + (id * 5) % 9)::text,
      height = 165 + (id * 13) % 30,
      weight = 62 + (id * 17) % 38
    WHERE coverall_size IS NULL AND id % 9 <> 0`;
};
