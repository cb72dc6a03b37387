import { describe, expect, it } from "vitest";
import { auditTriggerSql } from "../../scripts/audit-triggers.mjs";
import { testDeps } from "../support/deps.js";

/**
 * Every table is audited (docs/versions.md) unless it is listed here with its reason: a new
 * table without the `audit_version` trigger fails this test, so its migration adds one.
 */
const NOT_AUDITED: Record<string, string> = {
  _prisma_migrations: "migration bookkeeping",
  sessions: "sign-in devices: tokens, and churn on every rotation",
  revisions: "cache counters",
  versions: "the trail itself",
  notifications: "messages to staff, not records",
  telegram_updates: "Telegram update ids already handled (bookkeeping)",
  worker_leases: "who holds a singleton task such as the Telegram poller; renewed every few seconds",
  users_counts: "applicant totals by facet, kept by a trigger from users (which are audited)",
};

describe("audit trail coverage", () => {
  it("every table but the listed ones has the audit_version trigger", async () => {
    const rows = await testDeps().db.$queryRaw<{ table_name: string; audited: boolean }[]>`
      SELECT t.table_name,
             EXISTS (SELECT 1 FROM pg_trigger g JOIN pg_class c ON c.oid = g.tgrelid
                     WHERE c.relname = t.table_name AND g.tgname = 'audit_version' AND NOT g.tgisinternal) AS audited
      FROM information_schema.tables t
      WHERE t.table_schema = 'public' AND t.table_type = 'BASE TABLE'`;
    expect(rows.length).toBeGreaterThan(20);
    const missing = rows.filter((r) => !r.audited && !(r.table_name in NOT_AUDITED)).map((r) => r.table_name);
    // The failure names the SQL to add to the table's migration (pnpm db:migration writes it for new tables).
    expect(missing, `add to the migration:\n${missing.map((t) => auditTriggerSql(t)).join("\n")}`).toEqual(
      [],
    );
  });
});
