-- CreateIndex
CREATE INDEX "expiriences_vessel_id_role_id_date_on_idx" ON "expiriences"("vessel_id", "role_id", "date_on");

