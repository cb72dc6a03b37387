-- CreateTable
CREATE TABLE "crew_site_keys" (
    "id" SERIAL NOT NULL,
    "source" TEXT NOT NULL,
    "sealed_key" TEXT NOT NULL,
    "url" TEXT NOT NULL,
    "set_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "set_by_id" INTEGER,

    CONSTRAINT "crew_site_keys_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "crew_site_keys_source_key" ON "crew_site_keys"("source");

-- CreateIndex
CREATE INDEX "crew_site_keys_set_by_id_idx" ON "crew_site_keys"("set_by_id");

-- AddForeignKey
ALTER TABLE "crew_site_keys" ADD CONSTRAINT "crew_site_keys_set_by_id_fkey" FOREIGN KEY ("set_by_id") REFERENCES "clients"("id") ON DELETE SET NULL ON UPDATE CASCADE;


-- Audit trail (docs/versions.md): the sealed key is a secret column, its changes show as
-- [redacted] (as the Equasis password's do), so the trail says it changed without holding it.
CREATE TRIGGER audit_version AFTER INSERT OR UPDATE OR DELETE ON "crew_site_keys"
  FOR EACH ROW EXECUTE FUNCTION audit_version('crew_site_keys', '', '', 'sealed_key');
