-- CreateTable
CREATE TABLE "app_form_links" (
    "id" SERIAL NOT NULL,
    "user_id" INTEGER NOT NULL,
    "author_id" INTEGER,
    "token_hash" TEXT NOT NULL,
    "expires_at" TIMESTAMP(3) NOT NULL,
    "revoked_at" TIMESTAMP(3),
    "submitted_at" TIMESTAMP(3),
    "version_id" INTEGER,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "app_form_links_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "app_form_links_token_hash_key" ON "app_form_links"("token_hash");

-- CreateIndex
CREATE INDEX "app_form_links_user_id_idx" ON "app_form_links"("user_id");

-- AddForeignKey
ALTER TABLE "app_form_links" ADD CONSTRAINT "app_form_links_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "app_form_links" ADD CONSTRAINT "app_form_links_author_id_fkey" FOREIGN KEY ("author_id") REFERENCES "clients"("id") ON DELETE SET NULL ON UPDATE CASCADE;


-- Audit trail of the new tables (docs/versions.md); owner: the one cascading foreign key, if any. Review.
CREATE TRIGGER audit_version AFTER INSERT OR UPDATE OR DELETE ON "app_form_links"
  FOR EACH ROW EXECUTE FUNCTION audit_version('app_form_links', 'user_id', 'users');
