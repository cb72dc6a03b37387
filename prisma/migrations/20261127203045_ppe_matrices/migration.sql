-- AlterTable
ALTER TABLE "users" ADD COLUMN     "coverall_size" TEXT,
ADD COLUMN     "height" INTEGER,
ADD COLUMN     "shoe_size" TEXT,
ADD COLUMN     "weight" INTEGER;

-- CreateTable
CREATE TABLE "equipment_options" (
    "id" SERIAL NOT NULL,
    "title" TEXT NOT NULL,
    "size_kind" TEXT NOT NULL DEFAULT 'none',
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "equipment_options_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "owner_matrices" (
    "id" SERIAL NOT NULL,
    "owner_id" INTEGER NOT NULL,
    "title" TEXT NOT NULL,
    "current" BOOLEAN NOT NULL DEFAULT false,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "owner_matrices_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "owner_matrix_roles" (
    "id" SERIAL NOT NULL,
    "owner_matrix_id" INTEGER NOT NULL,
    "role_id" INTEGER NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "owner_matrix_roles_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "matrix_prices" (
    "id" SERIAL NOT NULL,
    "owner_matrix_id" INTEGER NOT NULL,
    "equipment_option_id" INTEGER NOT NULL,
    "price_cents" INTEGER NOT NULL DEFAULT 0,
    "position" INTEGER NOT NULL DEFAULT 1,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "matrix_prices_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "matrix_items" (
    "id" SERIAL NOT NULL,
    "owner_matrix_id" INTEGER NOT NULL,
    "role_id" INTEGER NOT NULL,
    "equipment_option_id" INTEGER NOT NULL,
    "qty" INTEGER NOT NULL DEFAULT 1,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "matrix_items_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "equipment_options_title_key" ON "equipment_options"("title");

-- CreateIndex
CREATE INDEX "owner_matrices_owner_id_current_idx" ON "owner_matrices"("owner_id", "current");

-- CreateIndex
CREATE INDEX "owner_matrix_roles_role_id_idx" ON "owner_matrix_roles"("role_id");

-- CreateIndex
CREATE UNIQUE INDEX "owner_matrix_roles_owner_matrix_id_role_id_key" ON "owner_matrix_roles"("owner_matrix_id", "role_id");

-- CreateIndex
CREATE INDEX "matrix_prices_equipment_option_id_idx" ON "matrix_prices"("equipment_option_id");

-- CreateIndex
CREATE UNIQUE INDEX "matrix_prices_owner_matrix_id_equipment_option_id_key" ON "matrix_prices"("owner_matrix_id", "equipment_option_id");

-- CreateIndex
CREATE INDEX "matrix_items_role_id_idx" ON "matrix_items"("role_id");

-- CreateIndex
CREATE INDEX "matrix_items_equipment_option_id_idx" ON "matrix_items"("equipment_option_id");

-- CreateIndex
CREATE UNIQUE INDEX "matrix_items_owner_matrix_id_role_id_equipment_option_id_key" ON "matrix_items"("owner_matrix_id", "role_id", "equipment_option_id");

-- AddForeignKey
ALTER TABLE "owner_matrices" ADD CONSTRAINT "owner_matrices_owner_id_fkey" FOREIGN KEY ("owner_id") REFERENCES "owners"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "owner_matrix_roles" ADD CONSTRAINT "owner_matrix_roles_owner_matrix_id_fkey" FOREIGN KEY ("owner_matrix_id") REFERENCES "owner_matrices"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "owner_matrix_roles" ADD CONSTRAINT "owner_matrix_roles_role_id_fkey" FOREIGN KEY ("role_id") REFERENCES "ranks"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "matrix_prices" ADD CONSTRAINT "matrix_prices_owner_matrix_id_fkey" FOREIGN KEY ("owner_matrix_id") REFERENCES "owner_matrices"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "matrix_prices" ADD CONSTRAINT "matrix_prices_equipment_option_id_fkey" FOREIGN KEY ("equipment_option_id") REFERENCES "equipment_options"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "matrix_items" ADD CONSTRAINT "matrix_items_owner_matrix_id_fkey" FOREIGN KEY ("owner_matrix_id") REFERENCES "owner_matrices"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "matrix_items" ADD CONSTRAINT "matrix_items_role_id_fkey" FOREIGN KEY ("role_id") REFERENCES "ranks"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "matrix_items" ADD CONSTRAINT "matrix_items_equipment_option_id_fkey" FOREIGN KEY ("equipment_option_id") REFERENCES "equipment_options"("id") ON DELETE RESTRICT ON UPDATE CASCADE;


-- Audit trail of the new tables (docs/versions.md); owner: the one cascading foreign key, if any. Review.
CREATE TRIGGER audit_version AFTER INSERT OR UPDATE OR DELETE ON "equipment_options"
  FOR EACH ROW EXECUTE FUNCTION audit_version('equipment_options', '', '');
CREATE TRIGGER audit_version AFTER INSERT OR UPDATE OR DELETE ON "owner_matrices"
  FOR EACH ROW EXECUTE FUNCTION audit_version('owner_matrices', 'owner_id', 'owners');
-- Does a "owner_matrix_roles" row belong to a record (its History shows it)? Then name its key: 'owner_matrix_id', 'owner_matrices' or 'role_id', 'ranks'.
CREATE TRIGGER audit_version AFTER INSERT OR UPDATE OR DELETE ON "owner_matrix_roles"
  FOR EACH ROW EXECUTE FUNCTION audit_version('owner_matrix_roles', 'owner_matrix_id', 'owner_matrices');
CREATE TRIGGER audit_version AFTER INSERT OR UPDATE OR DELETE ON "matrix_prices"
  FOR EACH ROW EXECUTE FUNCTION audit_version('matrix_prices', 'owner_matrix_id', 'owner_matrices');
-- Does a "matrix_items" row belong to a record (its History shows it)? Then name its key: 'owner_matrix_id', 'owner_matrices' or 'role_id', 'ranks' or 'equipment_option_id', 'equipment_options'.
CREATE TRIGGER audit_version AFTER INSERT OR UPDATE OR DELETE ON "matrix_items"
  FOR EACH ROW EXECUTE FUNCTION audit_version('matrix_items', 'owner_matrix_id', 'owner_matrices');

-- Every install starts with the usual protective equipment (issue 17 §3; DOMAIN.md "PPE").
INSERT INTO "equipment_options" ("title", "size_kind") VALUES
  ('Coverall', 'coverall'),
  ('Safety shoes', 'shoe'),
  ('Safety helmet', 'none'),
  ('Work gloves', 'none'),
  ('Safety goggles', 'none'),
  ('Ear protection', 'none'),
  ('Winter jacket', 'coverall'),
  ('Rain suit', 'coverall'),
  ('Safety boots (winter)', 'shoe')
ON CONFLICT ("title") DO NOTHING;
