-- CreateTable
CREATE TABLE "owners" (
    "id" SERIAL NOT NULL,
    "title" TEXT NOT NULL,
    "short_title" TEXT,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "owners_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "managers" (
    "id" SERIAL NOT NULL,
    "title" TEXT NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "managers_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "crewing_agents" (
    "id" SERIAL NOT NULL,
    "name" TEXT NOT NULL,
    "country_id" INTEGER,
    "contact_person" TEXT,
    "email" TEXT,
    "phone" TEXT,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "crewing_agents_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "vessels" (
    "id" SERIAL NOT NULL,
    "name" TEXT NOT NULL,
    "imo" TEXT NOT NULL,
    "call_sign" TEXT,
    "flag_id" INTEGER,
    "vessel_type_id" INTEGER,
    "year_built" INTEGER,
    "deadweight" INTEGER,
    "gross_tonnage" INTEGER,
    "main_engine_id" INTEGER,
    "is_active" BOOLEAN NOT NULL DEFAULT true,
    "is_selected" BOOLEAN NOT NULL DEFAULT false,
    "group" TEXT,
    "coordinator_id" INTEGER,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "vessels_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "owner_vessels" (
    "id" SERIAL NOT NULL,
    "owner_id" INTEGER NOT NULL,
    "vessel_id" INTEGER NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "owner_vessels_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "manager_vessels" (
    "id" SERIAL NOT NULL,
    "manager_id" INTEGER NOT NULL,
    "vessel_id" INTEGER NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "manager_vessels_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "assign_vessels" (
    "id" SERIAL NOT NULL,
    "client_id" INTEGER NOT NULL,
    "vessel_id" INTEGER NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "assign_vessels_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "assign_owners" (
    "id" SERIAL NOT NULL,
    "client_id" INTEGER NOT NULL,
    "owner_id" INTEGER NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "assign_owners_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "owner_inspectors" (
    "id" SERIAL NOT NULL,
    "client_id" INTEGER NOT NULL,
    "owner_id" INTEGER NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "owner_inspectors_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "manning_scales" (
    "id" SERIAL NOT NULL,
    "vessel_id" INTEGER,
    "owner_id" INTEGER,
    "rank_id" INTEGER NOT NULL,
    "name" TEXT NOT NULL DEFAULT '',
    "crewing_priority" INTEGER NOT NULL,
    "template_offer" INTEGER,
    "status" TEXT,
    "state" TEXT NOT NULL DEFAULT 'active',
    "origin_id" INTEGER,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "manning_scales_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "owners_title_key" ON "owners"("title");

-- CreateIndex
CREATE UNIQUE INDEX "managers_title_key" ON "managers"("title");

-- CreateIndex
CREATE UNIQUE INDEX "crewing_agents_name_key" ON "crewing_agents"("name");

-- CreateIndex
CREATE INDEX "crewing_agents_country_id_idx" ON "crewing_agents"("country_id");

-- CreateIndex
CREATE UNIQUE INDEX "vessels_imo_key" ON "vessels"("imo");

-- CreateIndex
CREATE INDEX "vessels_name_idx" ON "vessels"("name");

-- CreateIndex
CREATE INDEX "vessels_coordinator_id_idx" ON "vessels"("coordinator_id");

-- CreateIndex
CREATE UNIQUE INDEX "owner_vessels_vessel_id_key" ON "owner_vessels"("vessel_id");

-- CreateIndex
CREATE INDEX "owner_vessels_owner_id_idx" ON "owner_vessels"("owner_id");

-- CreateIndex
CREATE UNIQUE INDEX "manager_vessels_vessel_id_key" ON "manager_vessels"("vessel_id");

-- CreateIndex
CREATE INDEX "manager_vessels_manager_id_idx" ON "manager_vessels"("manager_id");

-- CreateIndex
CREATE INDEX "assign_vessels_client_id_idx" ON "assign_vessels"("client_id");

-- CreateIndex
CREATE UNIQUE INDEX "assign_vessels_vessel_id_client_id_key" ON "assign_vessels"("vessel_id", "client_id");

-- CreateIndex
CREATE INDEX "assign_owners_client_id_idx" ON "assign_owners"("client_id");

-- CreateIndex
CREATE UNIQUE INDEX "assign_owners_owner_id_client_id_key" ON "assign_owners"("owner_id", "client_id");

-- CreateIndex
CREATE INDEX "owner_inspectors_client_id_idx" ON "owner_inspectors"("client_id");

-- CreateIndex
CREATE UNIQUE INDEX "owner_inspectors_owner_id_client_id_key" ON "owner_inspectors"("owner_id", "client_id");

-- CreateIndex
CREATE INDEX "manning_scales_vessel_id_state_crewing_priority_idx" ON "manning_scales"("vessel_id", "state", "crewing_priority");

-- CreateIndex
CREATE INDEX "manning_scales_owner_id_idx" ON "manning_scales"("owner_id");

-- CreateIndex
CREATE INDEX "manning_scales_rank_id_idx" ON "manning_scales"("rank_id");

-- AddForeignKey
ALTER TABLE "crewing_agents" ADD CONSTRAINT "crewing_agents_country_id_fkey" FOREIGN KEY ("country_id") REFERENCES "countries"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "vessels" ADD CONSTRAINT "vessels_flag_id_fkey" FOREIGN KEY ("flag_id") REFERENCES "countries"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "vessels" ADD CONSTRAINT "vessels_vessel_type_id_fkey" FOREIGN KEY ("vessel_type_id") REFERENCES "vessel_types"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "vessels" ADD CONSTRAINT "vessels_main_engine_id_fkey" FOREIGN KEY ("main_engine_id") REFERENCES "main_engines"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "vessels" ADD CONSTRAINT "vessels_coordinator_id_fkey" FOREIGN KEY ("coordinator_id") REFERENCES "clients"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "owner_vessels" ADD CONSTRAINT "owner_vessels_owner_id_fkey" FOREIGN KEY ("owner_id") REFERENCES "owners"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "owner_vessels" ADD CONSTRAINT "owner_vessels_vessel_id_fkey" FOREIGN KEY ("vessel_id") REFERENCES "vessels"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "manager_vessels" ADD CONSTRAINT "manager_vessels_manager_id_fkey" FOREIGN KEY ("manager_id") REFERENCES "managers"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "manager_vessels" ADD CONSTRAINT "manager_vessels_vessel_id_fkey" FOREIGN KEY ("vessel_id") REFERENCES "vessels"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "assign_vessels" ADD CONSTRAINT "assign_vessels_client_id_fkey" FOREIGN KEY ("client_id") REFERENCES "clients"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "assign_vessels" ADD CONSTRAINT "assign_vessels_vessel_id_fkey" FOREIGN KEY ("vessel_id") REFERENCES "vessels"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "assign_owners" ADD CONSTRAINT "assign_owners_client_id_fkey" FOREIGN KEY ("client_id") REFERENCES "clients"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "assign_owners" ADD CONSTRAINT "assign_owners_owner_id_fkey" FOREIGN KEY ("owner_id") REFERENCES "owners"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "owner_inspectors" ADD CONSTRAINT "owner_inspectors_client_id_fkey" FOREIGN KEY ("client_id") REFERENCES "clients"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "owner_inspectors" ADD CONSTRAINT "owner_inspectors_owner_id_fkey" FOREIGN KEY ("owner_id") REFERENCES "owners"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "manning_scales" ADD CONSTRAINT "manning_scales_vessel_id_fkey" FOREIGN KEY ("vessel_id") REFERENCES "vessels"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "manning_scales" ADD CONSTRAINT "manning_scales_owner_id_fkey" FOREIGN KEY ("owner_id") REFERENCES "owners"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "manning_scales" ADD CONSTRAINT "manning_scales_rank_id_fkey" FOREIGN KEY ("rank_id") REFERENCES "ranks"("id") ON DELETE RESTRICT ON UPDATE CASCADE;


-- Audit trail (docs/versions.md): link records and rows belong to their vessel or owner.
CREATE TRIGGER audit_version AFTER INSERT OR UPDATE OR DELETE ON "owners" FOR EACH ROW EXECUTE FUNCTION audit_version('owners', '', '');
CREATE TRIGGER audit_version AFTER INSERT OR UPDATE OR DELETE ON "managers" FOR EACH ROW EXECUTE FUNCTION audit_version('managers', '', '');
CREATE TRIGGER audit_version AFTER INSERT OR UPDATE OR DELETE ON "crewing_agents" FOR EACH ROW EXECUTE FUNCTION audit_version('crewing_agents', '', '');
CREATE TRIGGER audit_version AFTER INSERT OR UPDATE OR DELETE ON "vessels" FOR EACH ROW EXECUTE FUNCTION audit_version('vessels', '', '');
CREATE TRIGGER audit_version AFTER INSERT OR UPDATE OR DELETE ON "owner_vessels" FOR EACH ROW EXECUTE FUNCTION audit_version('owner_vessels', 'vessel_id', 'vessels');
CREATE TRIGGER audit_version AFTER INSERT OR UPDATE OR DELETE ON "manager_vessels" FOR EACH ROW EXECUTE FUNCTION audit_version('manager_vessels', 'vessel_id', 'vessels');
CREATE TRIGGER audit_version AFTER INSERT OR UPDATE OR DELETE ON "assign_vessels" FOR EACH ROW EXECUTE FUNCTION audit_version('assign_vessels', 'vessel_id', 'vessels');
CREATE TRIGGER audit_version AFTER INSERT OR UPDATE OR DELETE ON "assign_owners" FOR EACH ROW EXECUTE FUNCTION audit_version('assign_owners', 'owner_id', 'owners');
CREATE TRIGGER audit_version AFTER INSERT OR UPDATE OR DELETE ON "owner_inspectors" FOR EACH ROW EXECUTE FUNCTION audit_version('owner_inspectors', 'owner_id', 'owners');
CREATE TRIGGER audit_version AFTER INSERT OR UPDATE OR DELETE ON "manning_scales" FOR EACH ROW EXECUTE FUNCTION audit_version('manning_scales', 'vessel_id', 'vessels');
