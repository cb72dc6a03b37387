-- DropIndex
DROP INDEX "expiriences_vessel_imo_idx";

-- CreateIndex
CREATE INDEX "expiriences_vessel_imo_role_id_date_on_idx" ON "expiriences"("vessel_imo", "role_id", "date_on");

