-- The company Telegram channel's post of a vacancy (issue 18 §1): kept so unpublishing can take it off.
ALTER TABLE "vacancies" ADD COLUMN "telegram_chat_id" TEXT,
ADD COLUMN "telegram_message_id" INTEGER;
