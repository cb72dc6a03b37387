-- AlterTable
ALTER TABLE "chat_messages" ADD COLUMN     "broadcast_id" INTEGER;

-- CreateIndex
CREATE INDEX "chat_messages_broadcast_id_status_idx" ON "chat_messages"("broadcast_id", "status");

-- AddForeignKey
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_broadcast_id_fkey" FOREIGN KEY ("broadcast_id") REFERENCES "background_tasks"("id") ON DELETE SET NULL ON UPDATE CASCADE;

