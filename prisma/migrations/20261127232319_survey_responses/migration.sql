-- CreateTable
CREATE TABLE "survey_responses" (
    "id" SERIAL NOT NULL,
    "survey_schema_id" INTEGER NOT NULL,
    "user_id" INTEGER NOT NULL,
    "author_id" INTEGER,
    "token_hash" TEXT NOT NULL,
    "expires_at" TIMESTAMP(3) NOT NULL,
    "channel" TEXT NOT NULL,
    "chat_message_id" INTEGER,
    "definition" JSONB NOT NULL,
    "answers" JSONB,
    "submitted_at" TIMESTAMP(3),
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "survey_responses_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "survey_responses_token_hash_key" ON "survey_responses"("token_hash");

-- CreateIndex
CREATE INDEX "survey_responses_user_id_idx" ON "survey_responses"("user_id");

-- CreateIndex
CREATE UNIQUE INDEX "survey_responses_survey_schema_id_user_id_key" ON "survey_responses"("survey_schema_id", "user_id");

-- AddForeignKey
ALTER TABLE "survey_responses" ADD CONSTRAINT "survey_responses_survey_schema_id_fkey" FOREIGN KEY ("survey_schema_id") REFERENCES "survey_schemas"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "survey_responses" ADD CONSTRAINT "survey_responses_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "survey_responses" ADD CONSTRAINT "survey_responses_author_id_fkey" FOREIGN KEY ("author_id") REFERENCES "clients"("id") ON DELETE SET NULL ON UPDATE CASCADE;


-- Audit trail (docs/versions.md): the answers belong to the seafarer's record, so its History shows them.
CREATE TRIGGER audit_version AFTER INSERT OR UPDATE OR DELETE ON "survey_responses"
  FOR EACH ROW EXECUTE FUNCTION audit_version('survey_responses', 'user_id', 'users');
