-- AlterTable
ALTER TABLE "vacancy_applies" ADD COLUMN     "task_id" INTEGER;

-- CreateIndex
CREATE INDEX "vacancy_applies_task_id_idx" ON "vacancy_applies"("task_id");

-- AddForeignKey
ALTER TABLE "vacancy_applies" ADD CONSTRAINT "vacancy_applies_task_id_fkey" FOREIGN KEY ("task_id") REFERENCES "tasks"("id") ON DELETE SET NULL ON UPDATE CASCADE;


-- A vacancy whose plan is deleted (the plan itself, or with its manning-scale row) is taken off
-- every source: an open seat the scheduler no longer has must not stay on the public page
-- (docs/decisions.md "Deleting a vacancy plan"). The foreign key's SET NULL is the one place
-- every such delete passes; its applications stay.
CREATE FUNCTION vacancy_plan_gone() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.published := false;
  NEW.sources := '{}';
  RETURN NEW;
END
$$;

CREATE TRIGGER vacancies_plan_gone
  BEFORE UPDATE OF time_plan_id ON "vacancies"
  FOR EACH ROW
  WHEN (OLD.time_plan_id IS NOT NULL AND NEW.time_plan_id IS NULL)
  EXECUTE FUNCTION vacancy_plan_gone();
