-- AlterTable
ALTER TABLE "app_form_links" ADD COLUMN     "draft" JSONB,
ADD COLUMN     "draft_saved_at" TIMESTAMP(3);

