import { describe, expect, it } from "vitest";
import { auditTriggersFor } from "../../scripts/audit-triggers.mjs";

/** What `pnpm db:migration` appends for the tables a schema change creates (docs/adding-a-resource.md). */
const created = `-- CreateTable
CREATE TABLE "vessel_certificates" (
    "id" SERIAL NOT NULL,
    "vessel_id" INTEGER NOT NULL,
    "type_id" INTEGER,
    CONSTRAINT "vessel_certificates_pkey" PRIMARY KEY ("id")
);
-- CreateTable
CREATE TABLE "hull_types" (
    "id" SERIAL NOT NULL,
    "title" TEXT NOT NULL,
    CONSTRAINT "hull_types_pkey" PRIMARY KEY ("id")
);
-- AddForeignKey
ALTER TABLE "vessel_certificates" ADD CONSTRAINT "vessel_certificates_vessel_id_fkey" FOREIGN KEY ("vessel_id") REFERENCES "vessels"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "vessel_certificates" ADD CONSTRAINT "vessel_certificates_type_id_fkey" FOREIGN KEY ("type_id") REFERENCES "certificate_types"("id") ON DELETE SET NULL ON UPDATE CASCADE;
`;

describe("audit triggers of a new migration", () => {
  it("audits each created table, owned by its one cascading foreign key's record", () => {
    const sql = auditTriggersFor(created);
    expect(sql).toContain(
      `ON "vessel_certificates"\n  FOR EACH ROW EXECUTE FUNCTION audit_version('vessel_certificates', 'vessel_id', 'vessels');`,
    );
    expect(sql).toContain(
      `ON "hull_types"\n  FOR EACH ROW EXECUTE FUNCTION audit_version('hull_types', '', '');`,
    );
  });

  it("adds nothing to a migration that creates no table", () => {
    expect(auditTriggersFor(`ALTER TABLE "vessels" ADD COLUMN "call_sign" TEXT;`)).toBe("");
  });
});
