-- CreateTable
CREATE TABLE "time_plans" (
    "id" SERIAL NOT NULL,
    "manning_scale_id" INTEGER NOT NULL,
    "user_id" INTEGER,
    "start" DATE NOT NULL,
    "end" DATE NOT NULL,
    "status" TEXT NOT NULL,
    "to_publish" BOOLEAN NOT NULL DEFAULT false,
    "repair_team" BOOLEAN NOT NULL DEFAULT false,
    "external_only" BOOLEAN NOT NULL DEFAULT false,
    "offer" INTEGER,
    "vacancy_description" TEXT,
    "port_id" INTEGER,
    "crew_change_sign_on_id" INTEGER,
    "crew_change_sign_off_id" INTEGER,
    "author_id" INTEGER,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "time_plans_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "sign_off_reasons" (
    "id" SERIAL NOT NULL,
    "title" TEXT NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "sign_off_reasons_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "crew_changes" (
    "id" SERIAL NOT NULL,
    "date" DATE NOT NULL,
    "date_sign_on" DATE,
    "reason" TEXT,
    "state" TEXT NOT NULL DEFAULT 'planned',
    "vessel_id" INTEGER NOT NULL,
    "port_id" INTEGER,
    "port_arrived_id" INTEGER,
    "author_id" INTEGER,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "crew_changes_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "crew_lists" (
    "id" SERIAL NOT NULL,
    "crew_change_id" INTEGER NOT NULL,
    "sign_on_id" INTEGER,
    "sign_off_id" INTEGER,
    "reason_id" INTEGER,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "crew_lists_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "time_plans_manning_scale_id_start_end_idx" ON "time_plans"("manning_scale_id", "start", "end");

-- CreateIndex
CREATE INDEX "time_plans_user_id_start_end_idx" ON "time_plans"("user_id", "start", "end");

-- CreateIndex
CREATE INDEX "time_plans_start_end_idx" ON "time_plans"("start", "end");

-- CreateIndex
CREATE INDEX "time_plans_status_idx" ON "time_plans"("status");

-- CreateIndex
CREATE UNIQUE INDEX "sign_off_reasons_title_key" ON "sign_off_reasons"("title");

-- CreateIndex
CREATE INDEX "crew_changes_vessel_id_date_idx" ON "crew_changes"("vessel_id", "date");

-- CreateIndex
CREATE INDEX "crew_changes_date_idx" ON "crew_changes"("date");

-- CreateIndex
CREATE INDEX "crew_changes_state_idx" ON "crew_changes"("state");

-- CreateIndex
CREATE INDEX "crew_lists_crew_change_id_idx" ON "crew_lists"("crew_change_id");

-- CreateIndex
CREATE INDEX "crew_lists_sign_on_id_idx" ON "crew_lists"("sign_on_id");

-- CreateIndex
CREATE INDEX "crew_lists_sign_off_id_idx" ON "crew_lists"("sign_off_id");

-- AddForeignKey
ALTER TABLE "time_plans" ADD CONSTRAINT "time_plans_manning_scale_id_fkey" FOREIGN KEY ("manning_scale_id") REFERENCES "manning_scales"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "time_plans" ADD CONSTRAINT "time_plans_port_id_fkey" FOREIGN KEY ("port_id") REFERENCES "ports"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "time_plans" ADD CONSTRAINT "time_plans_crew_change_sign_on_id_fkey" FOREIGN KEY ("crew_change_sign_on_id") REFERENCES "crew_changes"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "time_plans" ADD CONSTRAINT "time_plans_crew_change_sign_off_id_fkey" FOREIGN KEY ("crew_change_sign_off_id") REFERENCES "crew_changes"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "time_plans" ADD CONSTRAINT "time_plans_author_id_fkey" FOREIGN KEY ("author_id") REFERENCES "clients"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "crew_changes" ADD CONSTRAINT "crew_changes_vessel_id_fkey" FOREIGN KEY ("vessel_id") REFERENCES "vessels"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "crew_changes" ADD CONSTRAINT "crew_changes_port_id_fkey" FOREIGN KEY ("port_id") REFERENCES "ports"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "crew_changes" ADD CONSTRAINT "crew_changes_port_arrived_id_fkey" FOREIGN KEY ("port_arrived_id") REFERENCES "ports"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "crew_changes" ADD CONSTRAINT "crew_changes_author_id_fkey" FOREIGN KEY ("author_id") REFERENCES "clients"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "crew_lists" ADD CONSTRAINT "crew_lists_crew_change_id_fkey" FOREIGN KEY ("crew_change_id") REFERENCES "crew_changes"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "crew_lists" ADD CONSTRAINT "crew_lists_sign_on_id_fkey" FOREIGN KEY ("sign_on_id") REFERENCES "time_plans"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "crew_lists" ADD CONSTRAINT "crew_lists_sign_off_id_fkey" FOREIGN KEY ("sign_off_id") REFERENCES "time_plans"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "crew_lists" ADD CONSTRAINT "crew_lists_reason_id_fkey" FOREIGN KEY ("reason_id") REFERENCES "sign_off_reasons"("id") ON DELETE SET NULL ON UPDATE CASCADE;


-- The overlap rules of spec 002 §5 as the database's own net for races (the service checks
-- first and names the other plan): no two plans of one manning-scale row, and no two plans of
-- one seafarer, share a day. Ranges are [start, end): a relief may sign on the day the
-- relieved seafarer signs off. Not expressible in schema.prisma; the drift test lists them.
CREATE EXTENSION IF NOT EXISTS btree_gist;
ALTER TABLE "time_plans" ADD CONSTRAINT "time_plans_row_no_overlap"
  EXCLUDE USING gist ("manning_scale_id" WITH =, daterange("start", "end", '[)') WITH &&);
ALTER TABLE "time_plans" ADD CONSTRAINT "time_plans_seafarer_no_overlap"
  EXCLUDE USING gist ("user_id" WITH =, daterange("start", "end", '[)') WITH &&) WHERE ("user_id" IS NOT NULL);
ALTER TABLE "time_plans" ADD CONSTRAINT "time_plans_dates_in_order" CHECK ("end" >= "start");

-- Audit trail: plans belong to their manning-scale row, crew lists to their crew change.
CREATE TRIGGER audit_version AFTER INSERT OR UPDATE OR DELETE ON "time_plans" FOR EACH ROW EXECUTE FUNCTION audit_version('time_plans', 'manning_scale_id', 'manning_scales');
CREATE TRIGGER audit_version AFTER INSERT OR UPDATE OR DELETE ON "sign_off_reasons" FOR EACH ROW EXECUTE FUNCTION audit_version('sign_off_reasons', '', '');
CREATE TRIGGER audit_version AFTER INSERT OR UPDATE OR DELETE ON "crew_changes" FOR EACH ROW EXECUTE FUNCTION audit_version('crew_changes', 'vessel_id', 'vessels');
CREATE TRIGGER audit_version AFTER INSERT OR UPDATE OR DELETE ON "crew_lists" FOR EACH ROW EXECUTE FUNCTION audit_version('crew_lists', 'crew_change_id', 'crew_changes');

-- The usual reasons, so a new installation can fill crew lists at once (editable).
INSERT INTO "sign_off_reasons" ("title", "updated_at") VALUES
  ('End of contract', CURRENT_TIMESTAMP), ('Medical reasons', CURRENT_TIMESTAMP), ('Family reasons', CURRENT_TIMESTAMP),
  ('Transfer to another vessel', CURRENT_TIMESTAMP), ('Dismissal', CURRENT_TIMESTAMP), ('Vessel sold or laid up', CURRENT_TIMESTAMP);
