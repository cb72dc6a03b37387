import type { TDb } from "../../db/client.js";
import { COC_OF_RANK, DOCUMENT_KINDS, type TDocumentKindKey } from "./records-catalogue.js";

/**
 * The STCW regulation in a kind's title ("STCW VI/1 Basic safety training" -> VI/1), the
 * reference the matrix shows beside each certificate.
 */
export const stcwReferenceOf = (title: string): string | null =>
  /\bSTCW\s+([IVX]+\/\d+(?:-\d+)?)/.exec(title)?.[1] ?? null;

/** Certificates that also satisfy others (a master's CoC covers the watchkeeping officer's). */
const EQUIVALENCES: readonly [TDocumentKindKey, TDocumentKindKey][] = [
  ["cocDeckSenior", "cocDeckWatch"],
  ["cocEngineSenior", "cocEngineWatch"],
];

/** A matrix's transaction may wait for the connection and run longer than Prisma's 5 s default (seed:scale on PGlite). */
const TRANSACTION_LIMITS = { maxWait: 60_000, timeout: 120_000 };

type TCell = { months: number; required: boolean };
type TColumn = { key: TDocumentKindKey; group: string };

/** The matrix's columns, in groups as crewing offices lay them out. */
const COLUMNS: readonly TColumn[] = [
  { key: "passport", group: "Identity" },
  { key: "book", group: "Identity" },
  { key: "usVisa", group: "Identity" },
  { key: "medical", group: "Medical" },
  { key: "yellowFever", group: "Medical" },
  { key: "basic", group: "STCW basic training" },
  { key: "security", group: "STCW basic training" },
  { key: "survival", group: "STCW proficiency" },
  { key: "fire", group: "STCW proficiency" },
  { key: "firstAid", group: "STCW proficiency" },
  { key: "gmdss", group: "STCW proficiency" },
  { key: "cocDeckSenior", group: "Certificates of competency" },
  { key: "cocDeckWatch", group: "Certificates of competency" },
  { key: "cocEngineSenior", group: "Certificates of competency" },
  { key: "cocEngineWatch", group: "Certificates of competency" },
  { key: "cocEto", group: "Certificates of competency" },
];

const OFFICERS = new Set(Object.keys(COC_OF_RANK));
const NAVIGATORS = new Set(["Master", "Chief Officer", "2nd Officer", "3rd Officer"]);

/**
 * What a rank needs (the layers of DOMAIN.md: the STCW baseline for everyone, proficiency and
 * competency by rank, the owner's own asks). `strict` owners (tankers) ask more months.
 */
const cellsOf = (rank: string, strict: boolean): Map<TDocumentKindKey, TCell> => {
  const out = new Map<TDocumentKindKey, TCell>();
  const need = (key: TDocumentKindKey, months = 0, required = true) => out.set(key, { months, required });
  need("passport", strict ? 12 : 6);
  need("book", 3);
  need("medical", strict ? 6 : 3);
  need("yellowFever", 0, false);
  need("basic", 3);
  need("security");
  if (OFFICERS.has(rank)) {
    need("survival", 3);
    need("fire", 3);
    need("firstAid", 3);
    need("usVisa", 6, false);
    const coc = COC_OF_RANK[rank];
    if (coc) need(coc, strict ? 6 : 3);
  }
  if (NAVIGATORS.has(rank)) need("gmdss", 3);
  return out;
};

/**
 * Demo document matrices (issue 17 §2): every owner gets a current matrix covering the ranks of
 * its fleet with the STCW certificates they sail on, the STCW references on the kinds, and the
 * equivalences of senior and watchkeeping CoCs.
 */
export const seedDocumentMatrices = async (db: TDb, log?: (line: string) => void): Promise<void> => {
  const kinds = await db.applicantDocumentKind.findMany({
    select: { id: true, title: true, stcwReference: true },
  });
  for (const k of kinds) {
    const ref = stcwReferenceOf(k.title);
    if (ref && !k.stcwReference)
      await db.applicantDocumentKind.update({ where: { id: k.id }, data: { stcwReference: ref } });
  }
  const kindId = new Map(kinds.map((k) => [k.title, k.id]));
  const idOf = (key: TDocumentKindKey): number | undefined => kindId.get(DOCUMENT_KINDS[key].title);
  await db.documentEquivalence.createMany({
    data: EQUIVALENCES.flatMap(([holder, covered]) => {
      const [kindA, kindB] = [idOf(holder), idOf(covered)];
      return kindA !== undefined && kindB !== undefined ? [{ kindId: kindA, coversId: kindB }] : [];
    }),
    skipDuplicates: true,
  });
  // Owners without a matrix yet: a second run (or seed:scale over the demo) adds only what is missing.
  const owners = await db.owner.findMany({
    where: { documentMatrices: { none: {} } },
    select: { id: true, title: true, shortTitle: true },
    orderBy: { id: "asc" },
  });
  let made = 0;
  for (const owner of owners) {
    const ranks = await db.rank.findMany({
      where: {
        manningScales: {
          some: {
            state: "active",
            OR: [{ ownerId: owner.id }, { vessel: { ownerVessel: { is: { ownerId: owner.id } } } }],
          },
        },
      },
      select: { id: true, title: true },
      orderBy: { crewingPriority: "asc" },
    });
    if (!ranks.length) continue;
    const strict = /tanker/i.test(owner.title);
    const needs = new Map(ranks.map((r) => [r.id, cellsOf(r.title, strict)]));
    const columns = COLUMNS.filter(
      (c) => idOf(c.key) !== undefined && [...needs.values()].some((n) => n.has(c.key)),
    );
    const groups = [...new Set(columns.map((c) => c.group))];
    await db.$transaction(async (tx) => {
      const matrix = await tx.ownerGroup.create({
        data: {
          ownerId: owner.id,
          title: `${owner.shortTitle ?? owner.title} fleet standard`,
          current: true,
        },
      });
      await tx.ownerGroupRole.createMany({
        data: ranks.map((r) => ({ ownerGroupId: matrix.id, roleId: r.id })),
      });
      const columnIds = new Map<TDocumentKindKey, number>();
      for (const [index, c] of columns.entries()) {
        const row = await tx.groupItem.create({
          data: {
            ownerGroupId: matrix.id,
            documentId: idOf(c.key) ?? 0,
            groupId: groups.indexOf(c.group) + 1,
            groupName: c.group,
            groupOrder: index + 1,
          },
        });
        columnIds.set(c.key, row.id);
      }
      await tx.matrixItem.createMany({
        data: ranks.flatMap((r) =>
          [...(needs.get(r.id) ?? new Map<TDocumentKindKey, TCell>())].flatMap(([key, cell]) => {
            const groupItemId = columnIds.get(key);
            return groupItemId === undefined
              ? []
              : [
                  {
                    ownerGroupId: matrix.id,
                    roleId: r.id,
                    groupItemId,
                    monthsRequired: cell.months,
                    required: cell.required,
                  },
                ];
          }),
        ),
      });
      // One owner's matrix is a few dozen statements: on a loaded embedded database (PGlite,
      // one connection) they can outlast Prisma's default 5 s interactive-transaction limit.
    }, TRANSACTION_LIMITS);
    made += 1;
  }
  log?.(`${made} document matrices`);
};
