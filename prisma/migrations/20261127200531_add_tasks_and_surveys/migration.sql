-- AlterTable
ALTER TABLE "comments" ADD COLUMN     "task_id" INTEGER;

-- CreateTable
CREATE TABLE "task_types" (
    "id" SERIAL NOT NULL,
    "title" TEXT NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "task_types_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "tasks" (
    "id" SERIAL NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'to_do',
    "description" TEXT NOT NULL,
    "author_id" INTEGER,
    "assignee_id" INTEGER,
    "task_type_id" INTEGER,
    "deadline" DATE,
    "item_type" TEXT,
    "item_id" INTEGER,
    "addressable_task_id" INTEGER,
    "due_reminded_at" TIMESTAMP(3),
    "overdue_reminded_at" TIMESTAMP(3),
    "closed_at" TIMESTAMP(3),
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "tasks_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "task_watchers" (
    "id" SERIAL NOT NULL,
    "task_id" INTEGER NOT NULL,
    "client_id" INTEGER NOT NULL,
    "reason" TEXT NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "task_watchers_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "survey_schemas" (
    "id" SERIAL NOT NULL,
    "title" TEXT NOT NULL,
    "definition" JSONB NOT NULL,
    "author_id" INTEGER,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "survey_schemas_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "task_types_title_key" ON "task_types"("title");

-- CreateIndex
CREATE INDEX "tasks_status_created_at_idx" ON "tasks"("status", "created_at");

-- CreateIndex
CREATE INDEX "tasks_assignee_id_status_idx" ON "tasks"("assignee_id", "status");

-- CreateIndex
CREATE INDEX "tasks_author_id_idx" ON "tasks"("author_id");

-- CreateIndex
CREATE INDEX "tasks_task_type_id_idx" ON "tasks"("task_type_id");

-- CreateIndex
CREATE INDEX "tasks_addressable_task_id_idx" ON "tasks"("addressable_task_id");

-- CreateIndex
CREATE INDEX "tasks_item_type_item_id_idx" ON "tasks"("item_type", "item_id");

-- CreateIndex
CREATE INDEX "tasks_deadline_idx" ON "tasks"("deadline");

-- CreateIndex
CREATE INDEX "task_watchers_client_id_idx" ON "task_watchers"("client_id");

-- CreateIndex
CREATE UNIQUE INDEX "task_watchers_task_id_client_id_key" ON "task_watchers"("task_id", "client_id");

-- CreateIndex
CREATE INDEX "survey_schemas_title_idx" ON "survey_schemas"("title");

-- CreateIndex
CREATE INDEX "comments_task_id_created_at_idx" ON "comments"("task_id", "created_at");

-- AddForeignKey
ALTER TABLE "comments" ADD CONSTRAINT "comments_task_id_fkey" FOREIGN KEY ("task_id") REFERENCES "tasks"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_author_id_fkey" FOREIGN KEY ("author_id") REFERENCES "clients"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_assignee_id_fkey" FOREIGN KEY ("assignee_id") REFERENCES "clients"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_task_type_id_fkey" FOREIGN KEY ("task_type_id") REFERENCES "task_types"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_addressable_task_id_fkey" FOREIGN KEY ("addressable_task_id") REFERENCES "tasks"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "task_watchers" ADD CONSTRAINT "task_watchers_task_id_fkey" FOREIGN KEY ("task_id") REFERENCES "tasks"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "task_watchers" ADD CONSTRAINT "task_watchers_client_id_fkey" FOREIGN KEY ("client_id") REFERENCES "clients"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "survey_schemas" ADD CONSTRAINT "survey_schemas_author_id_fkey" FOREIGN KEY ("author_id") REFERENCES "clients"("id") ON DELETE SET NULL ON UPDATE CASCADE;


-- Audit trail of the new tables (docs/versions.md); owner: the one cascading foreign key, if any. Review.
CREATE TRIGGER audit_version AFTER INSERT OR UPDATE OR DELETE ON "task_types"
  FOR EACH ROW EXECUTE FUNCTION audit_version('task_types', '', '');
-- Does a "tasks" row belong to a record (its History shows it)? Then name its key: 'author_id', 'clients' or 'assignee_id', 'clients' or 'task_type_id', 'task_types'.
CREATE TRIGGER audit_version AFTER INSERT OR UPDATE OR DELETE ON "tasks"
  FOR EACH ROW EXECUTE FUNCTION audit_version('tasks', '', '');
-- Does a "task_watchers" row belong to a record (its History shows it)? Then name its key: 'task_id', 'tasks' or 'client_id', 'clients'.
CREATE TRIGGER audit_version AFTER INSERT OR UPDATE OR DELETE ON "task_watchers"
  FOR EACH ROW EXECUTE FUNCTION audit_version('task_watchers', 'task_id', 'tasks');
-- Does a "survey_schemas" row belong to a record (its History shows it)? Then name its key: 'author_id', 'clients'.
CREATE TRIGGER audit_version AFTER INSERT OR UPDATE OR DELETE ON "survey_schemas"
  FOR EACH ROW EXECUTE FUNCTION audit_version('survey_schemas', '', '');

-- A task's status is one of the four; its item names a type and a record together or neither.
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_status_check" CHECK ("status" IN ('to_do', 'in_progress', 'done', 'cancelled'));
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_item_check" CHECK (("item_type" IS NULL) = ("item_id" IS NULL));
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_not_own_parent_check" CHECK ("addressable_task_id" IS NULL OR "addressable_task_id" <> "id");
ALTER TABLE "task_watchers" ADD CONSTRAINT "task_watchers_reason_check" CHECK ("reason" IN ('author', 'assignee', 'mention'));

-- Tasks join the commentable types (docs/interactions.md): the pair and the foreign key agree.
ALTER TABLE "comments" DROP CONSTRAINT "comments_addressable_check";
ALTER TABLE "comments" ADD CONSTRAINT "comments_addressable_check" CHECK (
  ("addressable_type" = 'users' AND "user_id" = "addressable_id" AND "time_plan_id" IS NULL AND "vessel_id" IS NULL AND "task_id" IS NULL)
  OR ("addressable_type" = 'time_plans' AND "time_plan_id" = "addressable_id" AND "user_id" IS NULL AND "vessel_id" IS NULL AND "task_id" IS NULL)
  OR ("addressable_type" = 'vessels' AND "vessel_id" = "addressable_id" AND "user_id" IS NULL AND "time_plan_id" IS NULL AND "task_id" IS NULL)
  OR ("addressable_type" = 'tasks' AND "task_id" = "addressable_id" AND "user_id" IS NULL AND "time_plan_id" IS NULL AND "vessel_id" IS NULL)
);

-- What a crewing office's coordinators do by hand (admins edit this list).
INSERT INTO "task_types" ("title") VALUES
  ('Call a seafarer'), ('Check documents'), ('Visa'), ('Medical'), ('Tickets'), ('Hotel'),
  ('PPE order'), ('Contract signing'), ('Other');
