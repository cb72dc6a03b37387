-- AlterTable
ALTER TABLE "applicant_document_kinds" ADD COLUMN     "stcw_reference" TEXT;

-- CreateTable
CREATE TABLE "document_equivalences" (
    "id" SERIAL NOT NULL,
    "kind_id" INTEGER NOT NULL,
    "covers_id" INTEGER NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "document_equivalences_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "owner_groups" (
    "id" SERIAL NOT NULL,
    "owner_id" INTEGER NOT NULL,
    "title" TEXT NOT NULL,
    "current" BOOLEAN NOT NULL DEFAULT false,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "owner_groups_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "owner_group_roles" (
    "id" SERIAL NOT NULL,
    "owner_group_id" INTEGER NOT NULL,
    "role_id" INTEGER NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "owner_group_roles_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "group_items" (
    "id" SERIAL NOT NULL,
    "owner_group_id" INTEGER NOT NULL,
    "document_id" INTEGER NOT NULL,
    "group_id" INTEGER NOT NULL DEFAULT 1,
    "group_name" TEXT NOT NULL DEFAULT '',
    "group_order" INTEGER NOT NULL DEFAULT 1,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "group_items_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "items" (
    "id" SERIAL NOT NULL,
    "owner_group_id" INTEGER NOT NULL,
    "role_id" INTEGER NOT NULL,
    "group_item_id" INTEGER NOT NULL,
    "months_required" INTEGER NOT NULL DEFAULT 0,
    "required" BOOLEAN NOT NULL DEFAULT true,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "items_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "document_equivalences_covers_id_idx" ON "document_equivalences"("covers_id");

-- CreateIndex
CREATE UNIQUE INDEX "document_equivalences_kind_id_covers_id_key" ON "document_equivalences"("kind_id", "covers_id");

-- CreateIndex
CREATE INDEX "owner_groups_owner_id_current_idx" ON "owner_groups"("owner_id", "current");

-- CreateIndex
CREATE INDEX "owner_group_roles_role_id_idx" ON "owner_group_roles"("role_id");

-- CreateIndex
CREATE UNIQUE INDEX "owner_group_roles_owner_group_id_role_id_key" ON "owner_group_roles"("owner_group_id", "role_id");

-- CreateIndex
CREATE INDEX "group_items_document_id_idx" ON "group_items"("document_id");

-- CreateIndex
CREATE UNIQUE INDEX "group_items_owner_group_id_document_id_key" ON "group_items"("owner_group_id", "document_id");

-- CreateIndex
CREATE INDEX "items_owner_group_id_role_id_idx" ON "items"("owner_group_id", "role_id");

-- CreateIndex
CREATE INDEX "items_role_id_idx" ON "items"("role_id");

-- CreateIndex
CREATE UNIQUE INDEX "items_group_item_id_role_id_key" ON "items"("group_item_id", "role_id");

-- AddForeignKey
ALTER TABLE "document_equivalences" ADD CONSTRAINT "document_equivalences_kind_id_fkey" FOREIGN KEY ("kind_id") REFERENCES "applicant_document_kinds"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "document_equivalences" ADD CONSTRAINT "document_equivalences_covers_id_fkey" FOREIGN KEY ("covers_id") REFERENCES "applicant_document_kinds"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "owner_groups" ADD CONSTRAINT "owner_groups_owner_id_fkey" FOREIGN KEY ("owner_id") REFERENCES "owners"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "owner_group_roles" ADD CONSTRAINT "owner_group_roles_owner_group_id_fkey" FOREIGN KEY ("owner_group_id") REFERENCES "owner_groups"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "owner_group_roles" ADD CONSTRAINT "owner_group_roles_role_id_fkey" FOREIGN KEY ("role_id") REFERENCES "ranks"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "group_items" ADD CONSTRAINT "group_items_owner_group_id_fkey" FOREIGN KEY ("owner_group_id") REFERENCES "owner_groups"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "group_items" ADD CONSTRAINT "group_items_document_id_fkey" FOREIGN KEY ("document_id") REFERENCES "applicant_document_kinds"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "items" ADD CONSTRAINT "items_owner_group_id_fkey" FOREIGN KEY ("owner_group_id") REFERENCES "owner_groups"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "items" ADD CONSTRAINT "items_role_id_fkey" FOREIGN KEY ("role_id") REFERENCES "ranks"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "items" ADD CONSTRAINT "items_group_item_id_fkey" FOREIGN KEY ("group_item_id") REFERENCES "group_items"("id") ON DELETE CASCADE ON UPDATE CASCADE;


-- Audit trail of the new tables (docs/versions.md); owner: the one cascading foreign key, if any. Review.
CREATE TRIGGER audit_version AFTER INSERT OR UPDATE OR DELETE ON "document_equivalences"
  FOR EACH ROW EXECUTE FUNCTION audit_version('document_equivalences', 'kind_id', 'applicant-documents');
CREATE TRIGGER audit_version AFTER INSERT OR UPDATE OR DELETE ON "owner_groups"
  FOR EACH ROW EXECUTE FUNCTION audit_version('owner_groups', 'owner_id', 'owners');
CREATE TRIGGER audit_version AFTER INSERT OR UPDATE OR DELETE ON "owner_group_roles"
  FOR EACH ROW EXECUTE FUNCTION audit_version('owner_group_roles', 'owner_group_id', 'owner_groups');
CREATE TRIGGER audit_version AFTER INSERT OR UPDATE OR DELETE ON "group_items"
  FOR EACH ROW EXECUTE FUNCTION audit_version('group_items', 'owner_group_id', 'owner_groups');
CREATE TRIGGER audit_version AFTER INSERT OR UPDATE OR DELETE ON "items"
  FOR EACH ROW EXECUTE FUNCTION audit_version('items', 'owner_group_id', 'owner_groups');
