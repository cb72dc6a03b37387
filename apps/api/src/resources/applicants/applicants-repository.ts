import { activityRepository } from "../activity/activity-repository.js";
import type { TTx } from "../../db/client.js";
import { backgroundTasksRepository } from "../background-tasks/background-tasks-repository.js";
import { documentCheckRepository } from "../document-matrix/document-check-repository.js";
import { applicantsExportRepository } from "./applicants-export-repository.js";
import { applicantsListRepository } from "./applicants-list-repository.js";

export interface TDuplicate {
  id: number;
  crewingApplicantId: string;
  surname: string;
  name: string;
  /** The duplicate keys both share: e:<email>, p:<digits>, n:<surname>|<name>|<birthday>. */
  matched: string[];
}

export interface TDuplicateProbe {
  email: string | null;
  emailAlternative: string | null;
  mobilePhone: string | null;
  mobilePhoneAlternative: string | null;
  surname: string | null;
  name: string | null;
  birthday: Date | null;
}

/** Applicants: numbers, duplicates, stars, tags and the staff's tag lists; on the pool or in the caller's transaction. */
export const applicantsRepository = (db: TTx) => ({
  list: applicantsListRepository(db),
  export: applicantsExportRepository(db),
  tasks: backgroundTasksRepository(db),
  activity: activityRepository(db),
  /** The document matrix's reads, for the list's documents mark of planned applicants. */
  documentCheck: documentCheckRepository(db),

  /** The next applicant number ("100123"); numbers are never reused. */
  async nextApplicantNumber(): Promise<string> {
    const [row] = await db.$queryRaw<
      { n: string }[]
    >`SELECT nextval('users_applicant_number_seq')::text AS n`;
    if (!row) throw new Error("users_applicant_number_seq gave no value");
    return row.n;
  },

  /** Applicants sharing an email, a mobile number (digits) or surname + name + birthday with the probe. */
  async duplicates(p: TDuplicateProbe, exceptId: number | null): Promise<TDuplicate[]> {
    return db.$queryRaw<TDuplicate[]>`
      WITH k AS (
        SELECT users_dedupe_keys(${p.email}, ${p.emailAlternative}, ${p.mobilePhone}, ${p.mobilePhoneAlternative},
                                 ${p.surname}, ${p.name}, ${p.birthday}::date) AS keys
      )
      SELECT u.id, u.crewing_applicant_id AS "crewingApplicantId", u.surname, u.name,
             ARRAY(SELECT x FROM unnest(u.dedupe_keys) AS x WHERE x = ANY (k.keys)) AS matched
        FROM users u, k
       WHERE u.dedupe_keys && k.keys AND u.id <> ${exceptId ?? 0}
       ORDER BY u.id
       LIMIT 5`;
  },

  async crewingStatusExists(id: number): Promise<boolean> {
    return (await db.crewingStatus.count({ where: { id } })) > 0;
  },

  /** The caller's stars among `userIds`. */
  async starred(clientId: number, userIds: readonly number[]): Promise<Set<number>> {
    if (!userIds.length) return new Set();
    const rows = await db.favorite.findMany({
      where: { clientId, userId: { in: [...userIds] } },
      select: { userId: true },
    });
    return new Set(rows.map((r) => r.userId));
  },

  /** Toggles the star; true when the applicant is starred afterwards. */
  async toggleStar(clientId: number, userId: number): Promise<boolean> {
    const removed = await db.favorite.deleteMany({ where: { clientId, userId } });
    if (removed.count > 0) return false;
    await db.favorite.createMany({ data: [{ clientId, userId }], skipDuplicates: true });
    return true;
  },

  /** A staff client's tag lists (names; docs/decisions.md "Applicants"). */
  async clientTagLists(
    clientId: number,
  ): Promise<{ shown: string[]; hidden: string[]; newSeafarer: string[] }> {
    const row = await db.client.findUnique({
      where: { id: clientId },
      select: { shownTags: true, hiddenTags: true, newSeafarerTags: true },
    });
    return {
      shown: row?.shownTags ?? [],
      hidden: row?.hiddenTags ?? [],
      newSeafarer: row?.newSeafarerTags ?? [],
    };
  },

  /** Ids of the tags named (whatever their case), creating the missing ones. */
  async tagIdsByNames(names: readonly string[]): Promise<number[]> {
    const wanted = [...new Set(names.map((n) => n.trim()).filter(Boolean))];
    if (!wanted.length) return [];
    const existing = await db.tag.findMany({
      where: { OR: wanted.map((name) => ({ name: { equals: name, mode: "insensitive" as const } })) },
    });
    const known = new Set(existing.map((t) => t.name.toLowerCase()));
    const missing = wanted.filter((n) => !known.has(n.toLowerCase()));
    if (missing.length)
      await db.tag.createMany({ data: missing.map((name) => ({ name })), skipDuplicates: true });
    const all = missing.length
      ? await db.tag.findMany({
          where: { OR: wanted.map((name) => ({ name: { equals: name, mode: "insensitive" as const } })) },
        })
      : existing;
    return all.map((t) => t.id);
  },

  async addTags(userId: number, tagIds: readonly number[]): Promise<void> {
    if (!tagIds.length) return;
    await db.userTag.createMany({ data: tagIds.map((tagId) => ({ userId, tagId })), skipDuplicates: true });
  },

  /** "Surname Name (100123)" of applicants, in the order of `ids` (pickers). */
  async labels(ids: readonly number[]): Promise<{ id: number; label: string }[]> {
    if (!ids.length) return [];
    const rows = await db.user.findMany({
      where: { id: { in: [...ids] } },
      select: { id: true, surname: true, name: true, crewingApplicantId: true },
    });
    const byId = new Map(rows.map((r) => [r.id, `${r.surname} ${r.name} (${r.crewingApplicantId})`]));
    return ids.flatMap((id) => {
      const label = byId.get(id);
      return label === undefined ? [] : [{ id, label }];
    });
  },

  async tagById(id: number): Promise<{ id: number; name: string } | null> {
    return db.tag.findUnique({ where: { id }, select: { id: true, name: true } });
  },

  async tagByName(name: string): Promise<{ id: number; name: string } | null> {
    return db.tag.findFirst({
      where: { name: { equals: name.trim(), mode: "insensitive" } },
      select: { id: true, name: true },
    });
  },

  /**
   * Puts the tag on (or takes it off) these applicants in one statement; applicants removed
   * meanwhile are skipped. Safe to repeat: returns how many links it changed.
   */
  async applyTagBatch(mode: "add" | "remove", tagId: number, userIds: readonly number[]): Promise<number> {
    if (!userIds.length) return 0;
    return mode === "add"
      ? db.$executeRaw`
          INSERT INTO user_tags (user_id, tag_id, updated_at)
          SELECT u.id, ${tagId}, now() FROM users u WHERE u.id = ANY(${[...userIds]}::int[])
          ON CONFLICT (user_id, tag_id) DO NOTHING`
      : db.$executeRaw`DELETE FROM user_tags WHERE tag_id = ${tagId} AND user_id = ANY(${[...userIds]}::int[])`;
  },

  /**
   * Every area's derived columns of the applicants after `afterId`, `size` of them (docs/applicants.md
   * "Derived columns"); the last id done, or null when there were none. Callers loop, so no
   * single statement holds the database for long.
   */
  async refreshDerivedAfter(afterId: number, size: number): Promise<number | null> {
    const rows = await db.$queryRaw<
      { id: number }[]
    >`SELECT id FROM users WHERE id > ${afterId} ORDER BY id LIMIT ${size}`;
    const ids = rows.map((r) => r.id);
    if (!ids.length) return null;
    await db.$queryRaw`SELECT users_refresh_derived(${ids}::int[])::text AS done`;
    return ids[ids.length - 1] ?? null;
  },

  /** What the applicant form and filters offer, in one round of small reads. */
  async choices() {
    const byTitle = { select: { id: true, title: true }, orderBy: { title: "asc" as const } };
    const [ranks, countries, crewingStatuses, tags, vesselTypes, engineTypes, engineManufacturers] =
      await Promise.all([
        db.rank.findMany({
          select: { id: true, title: true, department: true },
          orderBy: [{ crewingPriority: "asc" }, { id: "asc" }],
        }),
        db.country.findMany({ select: { id: true, name: true, code: true }, orderBy: { name: "asc" } }),
        db.crewingStatus.findMany(byTitle),
        db.tag.findMany({ select: { id: true, name: true }, orderBy: { name: "asc" } }),
        db.vesselType.findMany(byTitle),
        db.engineType.findMany(byTitle),
        db.engineManufacturer.findMany(byTitle),
      ]);
    return { ranks, countries, crewingStatuses, tags, vesselTypes, engineTypes, engineManufacturers };
  },

  /** Whether the applicant has timeplans (removal is refused then: archive instead). */
  async planCount(userId: number): Promise<number> {
    return db.timePlan.count({ where: { userId } });
  },
});

export type TApplicantsRepository = ReturnType<typeof applicantsRepository>;
