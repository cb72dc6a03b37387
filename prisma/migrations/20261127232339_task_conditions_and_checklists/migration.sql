-- AlterTable
ALTER TABLE "task_types" ADD COLUMN     "finish_conditions" TEXT[] DEFAULT ARRAY[]::TEXT[];

-- AlterTable
ALTER TABLE "tasks" ADD COLUMN     "checklist" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN     "checklist_item_id" INTEGER;

-- CreateTable
CREATE TABLE "checklist_items" (
    "id" SERIAL NOT NULL,
    "owner_id" INTEGER NOT NULL,
    "task_type_id" INTEGER,
    "description" TEXT NOT NULL,
    "days_before" INTEGER NOT NULL DEFAULT 0,
    "position" INTEGER NOT NULL DEFAULT 0,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "checklist_items_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "checklist_items_owner_id_position_idx" ON "checklist_items"("owner_id", "position");

-- CreateIndex
CREATE INDEX "checklist_items_task_type_id_idx" ON "checklist_items"("task_type_id");

-- CreateIndex
CREATE INDEX "tasks_checklist_item_id_idx" ON "tasks"("checklist_item_id");

-- AddForeignKey
ALTER TABLE "checklist_items" ADD CONSTRAINT "checklist_items_owner_id_fkey" FOREIGN KEY ("owner_id") REFERENCES "owners"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "checklist_items" ADD CONSTRAINT "checklist_items_task_type_id_fkey" FOREIGN KEY ("task_type_id") REFERENCES "task_types"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_checklist_item_id_fkey" FOREIGN KEY ("checklist_item_id") REFERENCES "checklist_items"("id") ON DELETE SET NULL ON UPDATE CASCADE;


-- Audit trail of the new tables (docs/versions.md); owner: the one cascading foreign key, if any. Review.
CREATE TRIGGER audit_version AFTER INSERT OR UPDATE OR DELETE ON "checklist_items"
  FOR EACH ROW EXECUTE FUNCTION audit_version('checklist_items', 'owner_id', 'owners');
