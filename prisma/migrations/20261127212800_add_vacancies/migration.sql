-- CreateTable
CREATE TABLE "vacancies" (
    "id" SERIAL NOT NULL,
    "role_id" INTEGER NOT NULL,
    "vessel_id" INTEGER NOT NULL,
    "time_plan_id" INTEGER,
    "start" DATE NOT NULL,
    "contract_duration" INTEGER,
    "wage" INTEGER,
    "description" TEXT,
    "requirements" TEXT,
    "published" BOOLEAN NOT NULL DEFAULT false,
    "sources" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "published_at" TIMESTAMP(3),
    "valid_through" DATE,
    "author_id" INTEGER,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "vacancies_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "vacancy_applies" (
    "id" SERIAL NOT NULL,
    "vacancy_id" INTEGER NOT NULL,
    "candidate_id" INTEGER NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'processing',
    "source" TEXT NOT NULL DEFAULT 'staff',
    "author_id" INTEGER,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "vacancy_applies_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "vacancy_apply_changes" (
    "id" SERIAL NOT NULL,
    "vacancy_apply_id" INTEGER NOT NULL,
    "author_id" INTEGER,
    "body" TEXT NOT NULL,
    "apply_status" TEXT NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "vacancy_apply_changes_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "vacancies_time_plan_id_key" ON "vacancies"("time_plan_id");

-- CreateIndex
CREATE INDEX "vacancies_vessel_id_idx" ON "vacancies"("vessel_id");

-- CreateIndex
CREATE INDEX "vacancies_role_id_idx" ON "vacancies"("role_id");

-- CreateIndex
CREATE INDEX "vacancies_published_start_idx" ON "vacancies"("published", "start");

-- CreateIndex
CREATE INDEX "vacancies_start_idx" ON "vacancies"("start");

-- CreateIndex
CREATE INDEX "vacancy_applies_candidate_id_idx" ON "vacancy_applies"("candidate_id");

-- CreateIndex
CREATE UNIQUE INDEX "vacancy_applies_vacancy_id_candidate_id_key" ON "vacancy_applies"("vacancy_id", "candidate_id");

-- CreateIndex
CREATE INDEX "vacancy_apply_changes_vacancy_apply_id_idx" ON "vacancy_apply_changes"("vacancy_apply_id");

-- CreateIndex
CREATE INDEX "users_promotions_roles_idx" ON "users" USING GIN ("promotions_roles");

-- AddForeignKey
ALTER TABLE "vacancies" ADD CONSTRAINT "vacancies_role_id_fkey" FOREIGN KEY ("role_id") REFERENCES "ranks"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "vacancies" ADD CONSTRAINT "vacancies_vessel_id_fkey" FOREIGN KEY ("vessel_id") REFERENCES "vessels"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "vacancies" ADD CONSTRAINT "vacancies_time_plan_id_fkey" FOREIGN KEY ("time_plan_id") REFERENCES "time_plans"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "vacancies" ADD CONSTRAINT "vacancies_author_id_fkey" FOREIGN KEY ("author_id") REFERENCES "clients"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "vacancy_applies" ADD CONSTRAINT "vacancy_applies_vacancy_id_fkey" FOREIGN KEY ("vacancy_id") REFERENCES "vacancies"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "vacancy_applies" ADD CONSTRAINT "vacancy_applies_candidate_id_fkey" FOREIGN KEY ("candidate_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "vacancy_applies" ADD CONSTRAINT "vacancy_applies_author_id_fkey" FOREIGN KEY ("author_id") REFERENCES "clients"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "vacancy_apply_changes" ADD CONSTRAINT "vacancy_apply_changes_vacancy_apply_id_fkey" FOREIGN KEY ("vacancy_apply_id") REFERENCES "vacancy_applies"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "vacancy_apply_changes" ADD CONSTRAINT "vacancy_apply_changes_author_id_fkey" FOREIGN KEY ("author_id") REFERENCES "clients"("id") ON DELETE SET NULL ON UPDATE CASCADE;


-- Audit trail of the new tables (docs/versions.md); owner: the one cascading foreign key, if any. Review.
CREATE TRIGGER audit_version AFTER INSERT OR UPDATE OR DELETE ON "vacancies"
  FOR EACH ROW EXECUTE FUNCTION audit_version('vacancies', 'vessel_id', 'vessels');
CREATE TRIGGER audit_version AFTER INSERT OR UPDATE OR DELETE ON "vacancy_applies"
  FOR EACH ROW EXECUTE FUNCTION audit_version('vacancy_applies', 'vacancy_id', 'vacancies');
CREATE TRIGGER audit_version AFTER INSERT OR UPDATE OR DELETE ON "vacancy_apply_changes"
  FOR EACH ROW EXECUTE FUNCTION audit_version('vacancy_apply_changes', 'vacancy_apply_id', 'vacancy_applies');
