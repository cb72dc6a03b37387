-- AlterTable
ALTER TABLE "users" ADD COLUMN     "gender" TEXT;

-- 'male' or 'female' (GENDERS in the contracts, which validate it as they do the placement
-- status); null is "not known". A stored column: the users audit trigger records it with no
-- change (it lists only the derived columns it leaves out), and no derived column reads it.
