-- AlterTable
ALTER TABLE "time_plans" ADD COLUMN     "last_comment_body" TEXT;

-- AlterTable
ALTER TABLE "crew_changes" ADD COLUMN     "voyage_number" TEXT;

