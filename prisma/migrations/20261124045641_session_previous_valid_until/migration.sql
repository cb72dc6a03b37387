-- AlterTable
ALTER TABLE "sessions" ADD COLUMN     "previous_valid_until" TIMESTAMP(3);


-- Sessions rotated before this change keep the old rule: the replaced token lives five seconds.
UPDATE "sessions" SET "previous_valid_until" = "rotated_at" + interval '5 seconds' WHERE "previous_token_hash" IS NOT NULL;
