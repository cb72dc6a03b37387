import { purgeExpiredSessionsHandler } from "./auth/purge-expired-sessions-handler.js";
import type { TJobHandler } from "./jobs/types.js";
import { documentValidityHandler } from "./resources/applicant-records/document-validity-handler.js";
import { refreshApplicantDerivedHandler } from "./resources/applicants/refresh-applicant-derived-handler.js";
import { applicantsExportHandler } from "./resources/applicants/applicants-export-handler.js";
import { applicantsTagBatchHandler } from "./resources/applicants/applicants-tag-batch-handler.js";
import { vesselRegistryImportHandler } from "./resources/fleet/vessel-registry-import-handler.js";
import { telegramSendHandler } from "./resources/chat-messages/telegram-send-handler.js";
import { telegramBroadcastHandler } from "./resources/chat-messages/telegram-broadcast-handler.js";
import { telegramFileHandler } from "./resources/chat-messages/telegram-file-handler.js";
import { crewSitesRefreshAllHandler } from "./resources/external-versions/crew-sites-refresh-all-handler.js";
import { purgeOrphanFilesHandler } from "./storage/purge-orphan-files-handler.js";
import { purgeAppFormFilesHandler } from "./resources/app-form-links/purge-app-form-files-handler.js";
import { taskRemindersHandler } from "./resources/tasks/task-reminders-handler.js";
import { vacancyChannelSweepHandler } from "./resources/vacancies/vacancy-channel-handler.js";

/**
 * Every job the API and the worker can run, each handler beside what it serves. A job must
 * be listed here to be queued or consumed (docs/jobs.md).
 */
export const JOB_HANDLERS: readonly TJobHandler[] = [
  purgeExpiredSessionsHandler,
  purgeOrphanFilesHandler,
  vesselRegistryImportHandler,
  applicantsTagBatchHandler,
  applicantsExportHandler,
  refreshApplicantDerivedHandler,
  documentValidityHandler,
  telegramSendHandler,
  telegramBroadcastHandler,
  telegramFileHandler,
  crewSitesRefreshAllHandler,
  taskRemindersHandler,
  vacancyChannelSweepHandler,
  purgeAppFormFilesHandler,
];
