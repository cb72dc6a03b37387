-- AlterTable
ALTER TABLE "ranks" ADD COLUMN     "role_level_id" INTEGER;

-- AlterTable
ALTER TABLE "owners" ADD COLUMN     "contract_terms" TEXT,
ADD COLUMN     "currency" TEXT NOT NULL DEFAULT 'USD',
ADD COLUMN     "terms" TEXT;

-- CreateTable
CREATE TABLE "role_levels" (
    "id" SERIAL NOT NULL,
    "title" TEXT NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "role_levels_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "owner_level_fees" (
    "id" SERIAL NOT NULL,
    "owner_id" INTEGER NOT NULL,
    "role_level_id" INTEGER NOT NULL,
    "fee" INTEGER NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "owner_level_fees_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "wage_scale_nationalities" (
    "id" SERIAL NOT NULL,
    "owner_id" INTEGER NOT NULL,
    "nationality_id" INTEGER NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "wage_scale_nationalities_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "wage_scales" (
    "id" SERIAL NOT NULL,
    "owner_id" INTEGER NOT NULL,
    "rank_id" INTEGER NOT NULL,
    "scale_type" TEXT NOT NULL DEFAULT 'normal',
    "nationality_id" INTEGER,
    "basic_wage" INTEGER NOT NULL DEFAULT 0,
    "guaranteed_overtime" INTEGER NOT NULL DEFAULT 0,
    "leave_pay" INTEGER NOT NULL DEFAULT 0,
    "other_allowances" INTEGER NOT NULL DEFAULT 0,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "wage_scales_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "wage_bonuses" (
    "id" SERIAL NOT NULL,
    "owner_id" INTEGER NOT NULL,
    "rank_id" INTEGER NOT NULL,
    "bonus_type" TEXT NOT NULL,
    "consequent_contracts" INTEGER NOT NULL DEFAULT 0,
    "total" INTEGER NOT NULL DEFAULT 0,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "wage_bonuses_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "role_levels_title_key" ON "role_levels"("title");

-- CreateIndex
CREATE INDEX "owner_level_fees_role_level_id_idx" ON "owner_level_fees"("role_level_id");

-- CreateIndex
CREATE UNIQUE INDEX "owner_level_fees_owner_id_role_level_id_key" ON "owner_level_fees"("owner_id", "role_level_id");

-- CreateIndex
CREATE INDEX "wage_scale_nationalities_nationality_id_idx" ON "wage_scale_nationalities"("nationality_id");

-- CreateIndex
CREATE UNIQUE INDEX "wage_scale_nationalities_owner_id_nationality_id_key" ON "wage_scale_nationalities"("owner_id", "nationality_id");

-- CreateIndex
CREATE INDEX "wage_scales_owner_id_scale_type_nationality_id_rank_id_idx" ON "wage_scales"("owner_id", "scale_type", "nationality_id", "rank_id");

-- CreateIndex
CREATE INDEX "wage_scales_rank_id_idx" ON "wage_scales"("rank_id");

-- CreateIndex
CREATE INDEX "wage_scales_nationality_id_idx" ON "wage_scales"("nationality_id");

-- CreateIndex
CREATE INDEX "wage_bonuses_rank_id_idx" ON "wage_bonuses"("rank_id");

-- CreateIndex
CREATE UNIQUE INDEX "wage_bonuses_owner_id_rank_id_bonus_type_consequent_contrac_key" ON "wage_bonuses"("owner_id", "rank_id", "bonus_type", "consequent_contracts");

-- AddForeignKey
ALTER TABLE "ranks" ADD CONSTRAINT "ranks_role_level_id_fkey" FOREIGN KEY ("role_level_id") REFERENCES "role_levels"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "owner_level_fees" ADD CONSTRAINT "owner_level_fees_owner_id_fkey" FOREIGN KEY ("owner_id") REFERENCES "owners"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "owner_level_fees" ADD CONSTRAINT "owner_level_fees_role_level_id_fkey" FOREIGN KEY ("role_level_id") REFERENCES "role_levels"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "wage_scale_nationalities" ADD CONSTRAINT "wage_scale_nationalities_owner_id_fkey" FOREIGN KEY ("owner_id") REFERENCES "owners"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "wage_scale_nationalities" ADD CONSTRAINT "wage_scale_nationalities_nationality_id_fkey" FOREIGN KEY ("nationality_id") REFERENCES "countries"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "wage_scales" ADD CONSTRAINT "wage_scales_owner_id_fkey" FOREIGN KEY ("owner_id") REFERENCES "owners"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "wage_scales" ADD CONSTRAINT "wage_scales_rank_id_fkey" FOREIGN KEY ("rank_id") REFERENCES "ranks"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "wage_scales" ADD CONSTRAINT "wage_scales_nationality_id_fkey" FOREIGN KEY ("nationality_id") REFERENCES "countries"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "wage_bonuses" ADD CONSTRAINT "wage_bonuses_owner_id_fkey" FOREIGN KEY ("owner_id") REFERENCES "owners"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "wage_bonuses" ADD CONSTRAINT "wage_bonuses_rank_id_fkey" FOREIGN KEY ("rank_id") REFERENCES "ranks"("id") ON DELETE CASCADE ON UPDATE CASCADE;


-- The reference list of rank levels (STCW): every install starts with them (docs/owners-terms.md).
INSERT INTO "role_levels" ("title", "updated_at") VALUES ('Management', now()), ('Operational', now()), ('Support', now());

-- Audit trail of the new tables (docs/versions.md); owner: the one cascading foreign key, if any. Review.
CREATE TRIGGER audit_version AFTER INSERT OR UPDATE OR DELETE ON "role_levels"
  FOR EACH ROW EXECUTE FUNCTION audit_version('role_levels', '', '');
-- Does a "owner_level_fees" row belong to a record (its History shows it)? Then name its key: 'owner_id', 'owners' or 'role_level_id', 'role_levels'.
CREATE TRIGGER audit_version AFTER INSERT OR UPDATE OR DELETE ON "owner_level_fees"
  FOR EACH ROW EXECUTE FUNCTION audit_version('owner_level_fees', 'owner_id', 'owners');
-- Does a "wage_scale_nationalities" row belong to a record (its History shows it)? Then name its key: 'owner_id', 'owners' or 'nationality_id', 'countries'.
CREATE TRIGGER audit_version AFTER INSERT OR UPDATE OR DELETE ON "wage_scale_nationalities"
  FOR EACH ROW EXECUTE FUNCTION audit_version('wage_scale_nationalities', 'owner_id', 'owners');
-- Does a "wage_scales" row belong to a record (its History shows it)? Then name its key: 'owner_id', 'owners' or 'rank_id', 'ranks' or 'nationality_id', 'countries'.
CREATE TRIGGER audit_version AFTER INSERT OR UPDATE OR DELETE ON "wage_scales"
  FOR EACH ROW EXECUTE FUNCTION audit_version('wage_scales', 'owner_id', 'owners');
-- Does a "wage_bonuses" row belong to a record (its History shows it)? Then name its key: 'owner_id', 'owners' or 'rank_id', 'ranks'.
CREATE TRIGGER audit_version AFTER INSERT OR UPDATE OR DELETE ON "wage_bonuses"
  FOR EACH ROW EXECUTE FUNCTION audit_version('wage_bonuses', 'owner_id', 'owners');
