-- AlterTable
ALTER TABLE "clients" ADD COLUMN     "equasis_password" TEXT,
ADD COLUMN     "port_id" INTEGER;

-- CreateTable
CREATE TABLE "vessel_parse_runs" (
    "id" SERIAL NOT NULL,
    "author_id" INTEGER,
    "email" TEXT NOT NULL,
    "only_new" BOOLEAN NOT NULL DEFAULT false,
    "status" TEXT NOT NULL DEFAULT 'queued',
    "total" INTEGER NOT NULL DEFAULT 0,
    "processed" INTEGER NOT NULL DEFAULT 0,
    "created_count" INTEGER NOT NULL DEFAULT 0,
    "updated_count" INTEGER NOT NULL DEFAULT 0,
    "skipped_count" INTEGER NOT NULL DEFAULT 0,
    "failed_count" INTEGER NOT NULL DEFAULT 0,
    "invalid" JSONB NOT NULL DEFAULT '[]',
    "error" TEXT,
    "started_at" TIMESTAMP(3),
    "finished_at" TIMESTAMP(3),
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "vessel_parse_runs_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "vessel_parse_items" (
    "id" SERIAL NOT NULL,
    "run_id" INTEGER NOT NULL,
    "imo" TEXT NOT NULL,
    "position" INTEGER NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'pending',
    "message" TEXT,
    "vessel_id" INTEGER,
    "vessel_name" TEXT,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "vessel_parse_items_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "vessel_parse_runs_author_id_idx" ON "vessel_parse_runs"("author_id");

-- CreateIndex
CREATE INDEX "vessel_parse_items_run_id_position_idx" ON "vessel_parse_items"("run_id", "position");

-- CreateIndex
CREATE INDEX "vessel_parse_items_vessel_id_idx" ON "vessel_parse_items"("vessel_id");

-- CreateIndex
CREATE UNIQUE INDEX "vessel_parse_items_run_id_imo_key" ON "vessel_parse_items"("run_id", "imo");

-- CreateIndex
CREATE INDEX "clients_port_id_idx" ON "clients"("port_id");

-- CreateIndex
CREATE INDEX "vessels_is_active_is_selected_idx" ON "vessels"("is_active", "is_selected");

-- AddForeignKey
ALTER TABLE "clients" ADD CONSTRAINT "clients_port_id_fkey" FOREIGN KEY ("port_id") REFERENCES "ports"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "vessel_parse_runs" ADD CONSTRAINT "vessel_parse_runs_author_id_fkey" FOREIGN KEY ("author_id") REFERENCES "clients"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "vessel_parse_items" ADD CONSTRAINT "vessel_parse_items_run_id_fkey" FOREIGN KEY ("run_id") REFERENCES "vessel_parse_runs"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "vessel_parse_items" ADD CONSTRAINT "vessel_parse_items_vessel_id_fkey" FOREIGN KEY ("vessel_id") REFERENCES "vessels"("id") ON DELETE SET NULL ON UPDATE CASCADE;


-- Audit trail (docs/versions.md). The saved Equasis password is a secret column of clients:
-- its changes show as [redacted], so the trail says it changed without holding it.
DROP TRIGGER IF EXISTS audit_version ON "clients";
CREATE TRIGGER audit_version AFTER INSERT OR UPDATE OR DELETE ON "clients" FOR EACH ROW EXECUTE FUNCTION audit_version('clients', '', '', 'password_hash', 'equasis_password');
CREATE TRIGGER audit_version AFTER INSERT OR UPDATE OR DELETE ON "vessel_parse_runs" FOR EACH ROW EXECUTE FUNCTION audit_version('vessel_parse_runs', '', '');
CREATE TRIGGER audit_version AFTER INSERT OR UPDATE OR DELETE ON "vessel_parse_items" FOR EACH ROW EXECUTE FUNCTION audit_version('vessel_parse_items', 'run_id', 'vessel_parse_runs');
