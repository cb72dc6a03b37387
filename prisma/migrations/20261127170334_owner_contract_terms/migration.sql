-- AlterTable
ALTER TABLE "owners" ADD COLUMN     "address" TEXT,
ADD COLUMN     "annual_leave" TEXT,
ADD COLUMN     "collective_agreement" TEXT,
ADD COLUMN     "health_benefits" TEXT,
ADD COLUMN     "repatriation" TEXT,
ADD COLUMN     "termination_terms" TEXT;

