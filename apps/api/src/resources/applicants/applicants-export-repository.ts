import type { TTx } from "../../db/client.js";

/** One applicant as the export writes it: the list's columns with rank, status and country named. */
export interface TExportRow {
  id: number;
  crewing_applicant_id: string;
  surname: string;
  name: string;
  middle: string | null;
  birthday: Date | null;
  country_birth: string | null;
  rank: string | null;
  status: string | null;
  crewing_status: string | null;
  readiness_date: Date | null;
  wage: number | null;
  mobile_phone: string | null;
  mobile_phone_alternative: string | null;
  phonehome: string | null;
  email: string | null;
  email_alternative: string | null;
  tag_list: string[];
  vessel_last_name: string | null;
  vessel_last_rank_title: string | null;
  last_contract_soff: Date | null;
  vessel_planned_name: string | null;
  date_planned: Date | null;
  hot: boolean;
  archived: boolean;
  created_at: Date;
}

/** Rows of an export, a chunk of ids at a time (the writer streams them out). */
export const applicantsExportRepository = (db: TTx) => ({
  async rows(ids: readonly number[]): Promise<TExportRow[]> {
    if (!ids.length) return [];
    const rows = await db.$queryRaw<TExportRow[]>`
      SELECT u.id, u.crewing_applicant_id, u.surname, u.name, u.middle, u.birthday, c.name AS country_birth,
             r.title AS rank, u.status, cs.title AS crewing_status, u.readiness_date, u.wage, u.mobile_phone,
             u.mobile_phone_alternative, u.phonehome, u.email, u.email_alternative, u.tag_list, u.vessel_last_name,
             u.vessel_last_rank_title, u.last_contract_soff, u.vessel_planned_name, u.date_planned, u.hot, u.archived,
             u.created_at
        FROM users u
        LEFT JOIN ranks r ON r.id = u.role_id
        LEFT JOIN crewing_statuses cs ON cs.id = u.crewing_status_id
        LEFT JOIN countries c ON c.id = u.country_birth_id
       WHERE u.id = ANY(${[...ids]}::int[])`;
    const byId = new Map(rows.map((r) => [r.id, r]));
    return ids.flatMap((id) => byId.get(id) ?? []);
  },
});
