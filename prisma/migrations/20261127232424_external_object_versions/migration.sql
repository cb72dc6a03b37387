-- CreateTable
CREATE TABLE "external_object_versions" (
    "id" SERIAL NOT NULL,
    "item_type" TEXT NOT NULL DEFAULT 'users',
    "item_id" INTEGER NOT NULL,
    "source" TEXT NOT NULL,
    "external_id" TEXT NOT NULL,
    "date" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "fields" JSONB NOT NULL DEFAULT '{}',
    "sea_service" JSONB NOT NULL DEFAULT '[]',
    "status" TEXT NOT NULL DEFAULT 'pending',
    "accepted_fields" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "reviewed_at" TIMESTAMP(3),
    "author_id" INTEGER,
    "reviewer_id" INTEGER,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "external_object_versions_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "external_object_versions_item_id_date_idx" ON "external_object_versions"("item_id", "date");

-- CreateIndex
CREATE INDEX "external_object_versions_author_id_idx" ON "external_object_versions"("author_id");

-- CreateIndex
CREATE INDEX "external_object_versions_reviewer_id_idx" ON "external_object_versions"("reviewer_id");

-- AddForeignKey
ALTER TABLE "external_object_versions" ADD CONSTRAINT "external_object_versions_item_id_fkey" FOREIGN KEY ("item_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "external_object_versions" ADD CONSTRAINT "external_object_versions_author_id_fkey" FOREIGN KEY ("author_id") REFERENCES "clients"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "external_object_versions" ADD CONSTRAINT "external_object_versions_reviewer_id_fkey" FOREIGN KEY ("reviewer_id") REFERENCES "clients"("id") ON DELETE SET NULL ON UPDATE CASCADE;


-- Audit trail of the new tables (docs/versions.md); owner: the one cascading foreign key, if any. Review.
CREATE TRIGGER audit_version AFTER INSERT OR UPDATE OR DELETE ON "external_object_versions"
  FOR EACH ROW EXECUTE FUNCTION audit_version('external_object_versions', 'item_id', 'users');
