-- AlterTable
ALTER TABLE "clients" ADD COLUMN     "notification_settings" JSONB NOT NULL DEFAULT '{}';

-- AlterTable
ALTER TABLE "notifications" ADD COLUMN     "kind" TEXT;

