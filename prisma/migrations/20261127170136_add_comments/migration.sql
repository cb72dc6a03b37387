-- CreateTable
CREATE TABLE "comment_types" (
    "id" SERIAL NOT NULL,
    "code" TEXT NOT NULL,
    "title" TEXT NOT NULL,
    "direction" TEXT NOT NULL DEFAULT 'outbound',
    "position" INTEGER NOT NULL DEFAULT 0,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "comment_types_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "comment_event_results" (
    "id" SERIAL NOT NULL,
    "comment_type_id" INTEGER NOT NULL,
    "title" TEXT NOT NULL,
    "effect" TEXT NOT NULL DEFAULT 'none',
    "position" INTEGER NOT NULL DEFAULT 0,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "comment_event_results_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "comment_sources" (
    "id" SERIAL NOT NULL,
    "title" TEXT NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "comment_sources_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "comments" (
    "id" SERIAL NOT NULL,
    "body" TEXT NOT NULL,
    "author_id" INTEGER,
    "addressable_type" TEXT NOT NULL,
    "addressable_id" INTEGER NOT NULL,
    "user_id" INTEGER,
    "time_plan_id" INTEGER,
    "vessel_id" INTEGER,
    "category" TEXT,
    "edited_at" TIMESTAMP(3),
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "comments_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "comment_events" (
    "id" SERIAL NOT NULL,
    "comment_id" INTEGER NOT NULL,
    "event_type" TEXT NOT NULL,
    "event_result" TEXT,
    "event_result1" TEXT,
    "event_result2" TEXT,
    "comment_source_id" INTEGER,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "comment_events_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "comment_mentions" (
    "id" SERIAL NOT NULL,
    "comment_id" INTEGER NOT NULL,
    "client_id" INTEGER NOT NULL,

    CONSTRAINT "comment_mentions_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "position_comment_types" (
    "id" SERIAL NOT NULL,
    "position" TEXT NOT NULL,
    "comment_type_id" INTEGER NOT NULL,
    "can_read" BOOLEAN NOT NULL DEFAULT true,
    "can_create" BOOLEAN NOT NULL DEFAULT true,
    "can_delete" BOOLEAN NOT NULL DEFAULT true,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "position_comment_types_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "comment_types_code_key" ON "comment_types"("code");

-- CreateIndex
CREATE UNIQUE INDEX "comment_types_title_key" ON "comment_types"("title");

-- CreateIndex
CREATE UNIQUE INDEX "comment_event_results_comment_type_id_title_key" ON "comment_event_results"("comment_type_id", "title");

-- CreateIndex
CREATE UNIQUE INDEX "comment_sources_title_key" ON "comment_sources"("title");

-- CreateIndex
CREATE INDEX "comments_addressable_type_addressable_id_created_at_idx" ON "comments"("addressable_type", "addressable_id", "created_at");

-- CreateIndex
CREATE INDEX "comments_user_id_created_at_idx" ON "comments"("user_id", "created_at");

-- CreateIndex
CREATE INDEX "comments_time_plan_id_created_at_idx" ON "comments"("time_plan_id", "created_at");

-- CreateIndex
CREATE INDEX "comments_vessel_id_created_at_idx" ON "comments"("vessel_id", "created_at");

-- CreateIndex
CREATE INDEX "comments_author_id_idx" ON "comments"("author_id");

-- CreateIndex
CREATE INDEX "comments_category_idx" ON "comments"("category");

-- CreateIndex
CREATE UNIQUE INDEX "comment_events_comment_id_key" ON "comment_events"("comment_id");

-- CreateIndex
CREATE INDEX "comment_events_comment_source_id_idx" ON "comment_events"("comment_source_id");

-- CreateIndex
CREATE INDEX "comment_mentions_client_id_idx" ON "comment_mentions"("client_id");

-- CreateIndex
CREATE UNIQUE INDEX "comment_mentions_comment_id_client_id_key" ON "comment_mentions"("comment_id", "client_id");

-- CreateIndex
CREATE UNIQUE INDEX "position_comment_types_position_comment_type_id_key" ON "position_comment_types"("position", "comment_type_id");

-- AddForeignKey
ALTER TABLE "comment_event_results" ADD CONSTRAINT "comment_event_results_comment_type_id_fkey" FOREIGN KEY ("comment_type_id") REFERENCES "comment_types"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "comments" ADD CONSTRAINT "comments_author_id_fkey" FOREIGN KEY ("author_id") REFERENCES "clients"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "comments" ADD CONSTRAINT "comments_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "comments" ADD CONSTRAINT "comments_time_plan_id_fkey" FOREIGN KEY ("time_plan_id") REFERENCES "time_plans"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "comments" ADD CONSTRAINT "comments_vessel_id_fkey" FOREIGN KEY ("vessel_id") REFERENCES "vessels"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "comments" ADD CONSTRAINT "comments_category_fkey" FOREIGN KEY ("category") REFERENCES "comment_types"("code") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "comment_events" ADD CONSTRAINT "comment_events_comment_id_fkey" FOREIGN KEY ("comment_id") REFERENCES "comments"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "comment_events" ADD CONSTRAINT "comment_events_comment_source_id_fkey" FOREIGN KEY ("comment_source_id") REFERENCES "comment_sources"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "comment_mentions" ADD CONSTRAINT "comment_mentions_comment_id_fkey" FOREIGN KEY ("comment_id") REFERENCES "comments"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "comment_mentions" ADD CONSTRAINT "comment_mentions_client_id_fkey" FOREIGN KEY ("client_id") REFERENCES "clients"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "position_comment_types" ADD CONSTRAINT "position_comment_types_comment_type_id_fkey" FOREIGN KEY ("comment_type_id") REFERENCES "comment_types"("id") ON DELETE CASCADE ON UPDATE CASCADE;


-- Audit trail of the new tables (docs/versions.md); owner: the one cascading foreign key, if any. Review.
CREATE TRIGGER audit_version AFTER INSERT OR UPDATE OR DELETE ON "comment_types"
  FOR EACH ROW EXECUTE FUNCTION audit_version('comment_types', '', '');
CREATE TRIGGER audit_version AFTER INSERT OR UPDATE OR DELETE ON "comment_event_results"
  FOR EACH ROW EXECUTE FUNCTION audit_version('comment_event_results', 'comment_type_id', 'comment_types');
CREATE TRIGGER audit_version AFTER INSERT OR UPDATE OR DELETE ON "comment_sources"
  FOR EACH ROW EXECUTE FUNCTION audit_version('comment_sources', '', '');
-- Does a "comments" row belong to a record (its History shows it)? Then name its key: 'author_id', 'clients' or 'user_id', 'users' or 'time_plan_id', 'time_plans' or 'vessel_id', 'vessels'.
CREATE TRIGGER audit_version AFTER INSERT OR UPDATE OR DELETE ON "comments"
  FOR EACH ROW EXECUTE FUNCTION audit_version('comments', '', '');
CREATE TRIGGER audit_version AFTER INSERT OR UPDATE OR DELETE ON "comment_events"
  FOR EACH ROW EXECUTE FUNCTION audit_version('comment_events', 'comment_id', 'comments');
-- Does a "comment_mentions" row belong to a record (its History shows it)? Then name its key: 'comment_id', 'comments' or 'client_id', 'clients'.
CREATE TRIGGER audit_version AFTER INSERT OR UPDATE OR DELETE ON "comment_mentions"
  FOR EACH ROW EXECUTE FUNCTION audit_version('comment_mentions', '', '');
CREATE TRIGGER audit_version AFTER INSERT OR UPDATE OR DELETE ON "position_comment_types"
  FOR EACH ROW EXECUTE FUNCTION audit_version('position_comment_types', 'comment_type_id', 'comment_types');

-- A comment names its record twice (the wire's pair and the one foreign key of that type, for
-- cascades and scope): they must agree. A new commentable type (tasks) extends this check.
ALTER TABLE "comments" ADD CONSTRAINT "comments_addressable_check" CHECK (
  ("addressable_type" = 'users' AND "user_id" = "addressable_id" AND "time_plan_id" IS NULL AND "vessel_id" IS NULL)
  OR ("addressable_type" = 'time_plans' AND "time_plan_id" = "addressable_id" AND "user_id" IS NULL AND "vessel_id" IS NULL)
  OR ("addressable_type" = 'vessels' AND "vessel_id" = "addressable_id" AND "user_id" IS NULL AND "time_plan_id" IS NULL)
);
ALTER TABLE "comment_types" ADD CONSTRAINT "comment_types_direction_check" CHECK ("direction" IN ('outbound', 'inbound', 'note'));
ALTER TABLE "comment_event_results" ADD CONSTRAINT "comment_event_results_effect_check" CHECK ("effect" IN ('none', 'answered', 'no_answer', 'needs_reaction'));

-- What a crewing office uses (admins edit these lists).
INSERT INTO "comment_types" ("code", "title", "direction", "position") VALUES
  ('call', 'Call', 'outbound', 1),
  ('message', 'Message', 'outbound', 2),
  ('inbound', 'Seafarer contacted us', 'inbound', 3),
  ('interview', 'Interview', 'outbound', 4),
  ('offer', 'Offer', 'outbound', 5),
  ('note', 'Note', 'note', 6);

INSERT INTO "comment_event_results" ("comment_type_id", "title", "effect", "position")
SELECT t."id", r."title", r."effect", r."position"
FROM (VALUES
  ('call', 'Answered', 'answered', 1),
  ('call', 'No answer', 'no_answer', 2),
  ('call', 'Busy', 'no_answer', 3),
  ('call', 'Wrong number', 'none', 4),
  ('call', 'Call back', 'needs_reaction', 5),
  ('message', 'Sent', 'none', 1),
  ('message', 'Replied', 'answered', 2),
  ('message', 'No reply', 'no_answer', 3),
  ('inbound', 'Question', 'needs_reaction', 1),
  ('inbound', 'Documents sent', 'needs_reaction', 2),
  ('inbound', 'Ready to join', 'needs_reaction', 3),
  ('inbound', 'Not available', 'none', 4),
  ('interview', 'Passed', 'answered', 1),
  ('interview', 'Failed', 'answered', 2),
  ('interview', 'No show', 'no_answer', 3),
  ('interview', 'Rescheduled', 'needs_reaction', 4),
  ('offer', 'Accepted', 'answered', 1),
  ('offer', 'Declined', 'answered', 2),
  ('offer', 'Thinking', 'needs_reaction', 3)
) AS r("code", "title", "effect", "position")
JOIN "comment_types" t ON t."code" = r."code";

INSERT INTO "comment_sources" ("title") VALUES
  ('Phone'), ('Telegram'), ('WhatsApp'), ('Viber'), ('Email'), ('Walk-in'), ('Job board'), ('Referral'), ('Website form');

-- Every position may read, create and delete every type until an admin says otherwise (the role
-- maps stay the outer gate: a partner reads no comments at all).
INSERT INTO "position_comment_types" ("position", "comment_type_id", "can_read", "can_create", "can_delete")
SELECT p."position", t."id", true, true, true
FROM (VALUES ('admin'), ('superuser'), ('manager'), ('guest'), ('partner'), ('partner_view'), ('freelance')) AS p("position")
CROSS JOIN "comment_types" t;
