-- CreateTable
CREATE TABLE "stored_files" (
    "id" SERIAL NOT NULL,
    "key" TEXT NOT NULL,
    "filename" TEXT NOT NULL,
    "content_type" TEXT NOT NULL,
    "byte_size" INTEGER NOT NULL,
    "checksum" TEXT NOT NULL,
    "record_type" TEXT NOT NULL,
    "record_id" INTEGER NOT NULL,
    "name" TEXT NOT NULL,
    "position" INTEGER NOT NULL DEFAULT 0,
    "author_id" INTEGER,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "stored_files_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "stored_files_key_key" ON "stored_files"("key");

-- CreateIndex
CREATE INDEX "stored_files_record_type_record_id_name_position_idx" ON "stored_files"("record_type", "record_id", "name", "position");

-- AddForeignKey
ALTER TABLE "stored_files" ADD CONSTRAINT "stored_files_author_id_fkey" FOREIGN KEY ("author_id") REFERENCES "clients"("id") ON DELETE SET NULL ON UPDATE CASCADE;


-- Audit trail: a file belongs to its record (the record's History shows uploads and removals).
CREATE TRIGGER audit_version AFTER INSERT OR UPDATE OR DELETE ON "stored_files" FOR EACH ROW EXECUTE FUNCTION audit_version('stored_files', 'record_id', '$record_type');
