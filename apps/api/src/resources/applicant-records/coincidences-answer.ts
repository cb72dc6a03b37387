import { COINCIDENCES_LIMIT, type TListDocument, type TResourceObject } from "@crew/contracts";
import type { TActor } from "../../http/context.js";
import { fileAttributes } from "../../kernel/files-service.js";
import type { TKernelServices } from "../../kernel/kernel-deps.js";
import { listLinks, relatedIds, type TLinkTitles } from "../../kernel/serialize.js";
import { readsApplicantRecords } from "./records-scope.js";
import type { TCoincidentRow, TSeaServiceRepository } from "./sea-service-repository.js";

/** The applicants are named, not shown: their names only (no stars or tags to compute per page). */
const FIELDS: Record<string, string[]> = { users: ["full_name", "surname", "name", "crewing_applicant_id"] };
/** The list query the answer stands for: what its links carry. */
const LINK_QUERY = {
  include: "user,role",
  fields: { users: FIELDS.users?.join(",") },
  page: { size: String(COINCIDENCES_LIMIT) },
};

/**
 * GET check_coincidences/{id}: the records coinciding with sea-service record `id`, as the
 * sea-service list would answer them (`include=user,role`, the applicants' names only, newest
 * sign-on first): the same document, byte for byte (test/records/coincidences-answer.test.ts).
 *
 * It does not go through the list because the list re-reads by id what the check already read,
 * one query after the other (rows, verification results, files, applicants, ranks): here the
 * check answers the rows with their results in one statement, and the rest runs side by side.
 * The reader's rights are the list's: read permission on sea service (403), the records' scope
 * (readsApplicantRecords), and each included type through its own service.
 */
export const coincidencesAnswer = async (
  kernel: TKernelServices,
  repo: TSeaServiceRepository,
  actor: TActor,
  id: number,
  url: string,
): Promise<TListDocument> => {
  const service = kernel.serviceOf("expiriences");
  service.access(actor, "read");
  const rows = readsApplicantRecords(actor) ? await repo.coincidentRows(id) : [];
  const def = service.def;
  const filed = rows.filter((r) => r.hasFiles);
  const users = new Map<string, TResourceObject>();
  const ranks = new Map<string, TResourceObject>();
  const [files, titles] = await Promise.all([
    filed.length ? repo.files(filed) : new Map<number, Record<string, unknown>>(),
    titlesOf(kernel, actor, def, rows),
    rows.length
      ? kernel
          .serviceOf("users")
          .includeRecords(actor, relatedIds(rows, "user", undefined, new Map()), [], FIELDS, users)
      : undefined,
    rows.length
      ? kernel
          .serviceOf("ranks")
          .includeRecords(actor, relatedIds(rows, "role", undefined, new Map()), [], FIELDS, ranks)
      : undefined,
  ]);
  const noFiles = Object.fromEntries(
    fileAttributes(def).map(([name, spec]) => [name, spec.multiple ? [] : null]),
  );
  const linkage = new Map<string, Map<number, number[]>>();
  return {
    data: rows.map((r) =>
      service.serialize(
        r,
        actor,
        undefined,
        linkage,
        { verification_result: r.verificationResult, ...(files.get(r.id) ?? noFiles) },
        titles,
      ),
    ),
    links: listLinks(url, LINK_QUERY, { size: COINCIDENCES_LIMIT, number: 1 }, rows.length),
    meta: { count: rows.length, total: rows.length },
    included: [...users.values(), ...ranks.values()],
  };
};

/** The titles of the records the rows' to-one relationships point at, as far as the reader may pick but not read them. */
const titlesOf = async (
  kernel: TKernelServices,
  actor: TActor,
  def: ReturnType<TKernelServices["serviceOf"]>["def"],
  rows: readonly TCoincidentRow[],
): Promise<TLinkTitles> => {
  const titles: TLinkTitles = new Map();
  if (!rows.length) return titles;
  const byType = new Map<string, { names: string[]; ids: Set<number> }>();
  for (const [name, rel] of Object.entries(def.relationships ?? {})) {
    if (rel.cardinality !== "one") continue;
    const ids = relatedIds(rows, name, undefined, new Map());
    if (!ids.length) continue;
    const entry = byType.get(rel.type) ?? { names: [], ids: new Set<number>() };
    entry.names.push(name);
    for (const i of ids) entry.ids.add(i);
    byType.set(rel.type, entry);
  }
  await Promise.all(
    [...byType].map(async ([type, { names, ids }]) => {
      const found = await kernel.findService(type)?.titles(actor, [...ids]);
      if (found?.size) for (const name of names) titles.set(name, found);
    }),
  );
  return titles;
};
