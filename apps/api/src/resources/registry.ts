import { RESOURCES, type TResourceDef } from "@crew/contracts";
import type { TResourceEntry } from "../kernel/binding.js";
import { crewUsersBinding } from "./crew-users/crew-users-binding.js";
import { tagsBinding } from "./applicants/tags-binding.js";
import { applicantsBinding } from "./applicants/applicants-binding.js";
import { backgroundTasksBinding } from "./background-tasks/background-tasks-binding.js";
import {
  crewingAgentsBinding,
  managerVesselsBinding,
  managersBinding,
  ownerVesselsBinding,
  ownersBinding,
} from "./fleet/fleet-bindings.js";
import { assignOwnersBinding, assignVesselsBinding } from "./fleet/assignments-binding.js";
import { vesselParseItemsBinding, vesselParseRunsBinding } from "./fleet/vessel-registry-binding.js";
import { vesselsBinding } from "./fleet/vessels-binding.js";
import { manningScalesBinding } from "./fleet/manning-scales-binding.js";
import {
  crewChangesBinding,
  crewListsBinding,
  signOffReasonsBinding,
} from "./planning/crew-changes-binding.js";
import { timePlansBinding } from "./planning/time-plans-binding.js";
import { notificationsBinding } from "./notifications/notifications-binding.js";
import { permissionsBinding } from "./permissions/permissions-binding.js";
import { ranksBinding } from "./ranks/ranks-binding.js";
import { referenceListBindings } from "./reference-lists/reference-list-bindings.js";
import { seaServiceBinding } from "./applicant-records/sea-service-binding.js";
import { performancesBinding, verificationsBinding } from "./applicant-records/contract-records-bindings.js";
import { documentsBinding } from "./applicant-records/documents-binding.js";
import {
  englishTestResultsBinding,
  interviewsBinding,
  recommendationsBinding,
  relativesBinding,
} from "./applicant-records/sub-records-bindings.js";
import { attachmentsBinding } from "./applicant-records/attachments-binding.js";
import { commentsBinding } from "./comments/comments-binding.js";
import { chatMessagesBinding } from "./chat-messages/chat-messages-binding.js";
import { externalVersionsBinding } from "./external-versions/external-versions-binding.js";
import { appFormLinksBinding } from "./app-form-links/app-form-links-binding.js";
import {
  commentEventResultsBinding,
  commentSourcesBinding,
  commentTypesBinding,
  positionCommentTypesBinding,
} from "./comments/comment-types-binding.js";
import {
  groupItemsBinding,
  matrixItemsBinding,
  ownerGroupsBinding,
} from "./document-matrix/document-matrix-bindings.js";
import {
  ownerLevelFeesBinding,
  roleLevelsBinding,
  wageBonusesBinding,
  wageScaleNationalitiesBinding,
  wageScalesBinding,
} from "./wages/wages-bindings.js";
import { taskTypesBinding, tasksBinding } from "./tasks/tasks-binding.js";
import { checklistItemsBinding } from "./checklists/checklist-items-binding.js";
import {
  equipmentMatrixItemsBinding,
  equipmentOptionsBinding,
  matrixPricesBinding,
  ownerMatricesBinding,
} from "./equipment-matrix/equipment-matrix-bindings.js";
import { vacanciesBinding, vacancyAppliesBinding } from "./vacancies/vacancies-binding.js";
import { surveySchemasBinding } from "./surveys/surveys-binding.js";
import { surveyResponsesBinding } from "./surveys/survey-responses-binding.js";

/** Every resource definition bound to its model and hooks. A new resource adds its binding here. */
export const BINDINGS: readonly TResourceEntry[] = [
  ...referenceListBindings,
  ranksBinding,
  crewUsersBinding,
  roleLevelsBinding,
  wageScaleNationalitiesBinding,
  wageScalesBinding,
  wageBonusesBinding,
  ownerLevelFeesBinding,
  notificationsBinding,
  permissionsBinding,
  ownersBinding,
  managersBinding,
  crewingAgentsBinding,
  vesselsBinding,
  ownerVesselsBinding,
  managerVesselsBinding,
  manningScalesBinding,
  assignVesselsBinding,
  assignOwnersBinding,
  vesselParseRunsBinding,
  vesselParseItemsBinding,
  timePlansBinding,
  signOffReasonsBinding,
  crewChangesBinding,
  crewListsBinding,
  // Before the applicants' CV at /print/{id}: /print/ppe_order is its own route.
  equipmentOptionsBinding,
  ownerMatricesBinding,
  matrixPricesBinding,
  equipmentMatrixItemsBinding,
  applicantsBinding,
  tagsBinding,
  backgroundTasksBinding,
  // After planning: its /print/crew_role and the like are mounted before the CV's /print/{id}.
  seaServiceBinding,
  verificationsBinding,
  performancesBinding,
  documentsBinding,
  interviewsBinding,
  relativesBinding,
  recommendationsBinding,
  englishTestResultsBinding,
  attachmentsBinding,
  commentsBinding,
  chatMessagesBinding,
  externalVersionsBinding,
  appFormLinksBinding,
  commentTypesBinding,
  commentEventResultsBinding,
  commentSourcesBinding,
  positionCommentTypesBinding,
  ownerGroupsBinding,
  groupItemsBinding,
  matrixItemsBinding,
  taskTypesBinding,
  tasksBinding,
  checklistItemsBinding,
  vacanciesBinding,
  vacancyAppliesBinding,
  surveySchemasBinding,
  surveyResponsesBinding,
];

/** The bindings by JSON:API type; every definition of the contracts must have one. */
export const createRegistry = (): Map<string, TResourceEntry> => {
  const registry = new Map<string, TResourceEntry>(BINDINGS.map((b) => [b.def.type, b]));
  const missing = Object.values(RESOURCES).filter((def: TResourceDef) => !registry.has(def.type));
  if (missing.length)
    throw new Error(`No binding for ${missing.map((d) => d.type).join(", ")} (resources/registry.ts)`);
  return registry;
};
