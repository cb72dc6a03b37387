import type { TResourceDef } from "../resource.js";
import { backgroundTasks, tags, applicants } from "./applicants.js";
import { crewUsers } from "./crew-users.js";
import { crewChanges, crewLists, signOffReasons, timePlans } from "./planning.js";
import {
  assignOwners,
  assignVessels,
  crewingAgents,
  managerVessels,
  managers,
  manningScales,
  ownerVessels,
  owners,
  vessels,
} from "./fleet.js";
import { vesselParseItems, vesselParseRuns } from "./vessel-registry.js";
import { notifications } from "./notifications.js";
import { permissionRecords } from "./permission-records.js";
import { ranks } from "./ranks.js";
import { ownerLevelFees, roleLevels, wageBonuses, wageScaleNationalities, wageScales } from "./wages.js";
import { REFERENCE_LISTS } from "./reference-lists.js";
import { seaServiceVerifications, seaService, applicantPerformances } from "./sea-service.js";
import { applicantDocuments } from "./applicant-documents.js";
import {
  attachments,
  englishTestResults,
  interviews,
  recommendations,
  relatives,
} from "./applicant-sub-records.js";
import {
  commentEventResults,
  commentSources,
  commentTypes,
  comments,
  positionCommentTypes,
} from "./comments.js";
import { chatMessages } from "./chat-messages.js";
import { externalObjectVersions } from "./external-objects.js";
import { appFormLinks } from "./app-form-links.js";
import { groupItems, matrixItems, ownerGroups } from "./document-matrix.js";
import { checklistItems } from "./checklists.js";
import { taskTypes, tasks } from "./tasks.js";
import { equipmentMatrixItems, equipmentOptions, matrixPrices, ownerMatrices } from "./equipment-matrix.js";
import { vacancies, vacancyApplies } from "./vacancies.js";
import { surveyResponses, surveySchemas } from "./surveys.js";

export * from "./applicants.js";
export * from "./applicant-fields.js";
export * from "./crew-users.js";
export * from "./fleet.js";
export * from "./vessel-registry.js";
export * from "./planning.js";
export * from "./imo.js";
export * from "./notifications.js";
export * from "./permission-records.js";
export * from "./ranks.js";
export * from "./wages.js";
export * from "./equipment-matrix.js";
export * from "./reference-lists.js";
export * from "./records-fields.js";
export * from "./sea-service.js";
export * from "./applicant-documents.js";
export * from "./applicant-sub-records.js";
export * from "./comments.js";
export * from "./chat-messages.js";
export * from "./external-objects.js";
export * from "./app-form-links.js";
export * from "./document-matrix.js";
export * from "./tasks.js";
export * from "./checklists.js";
export * from "./vacancies.js";
export * from "./surveys.js";

/** Every definition the generic engine serves; its types, as literals, are `TResourceType`. */
const DEFINITIONS = [
  crewUsers,
  ranks,
  notifications,
  ...REFERENCE_LISTS,
  permissionRecords,
  owners,
  managers,
  crewingAgents,
  vessels,
  ownerVessels,
  managerVessels,
  manningScales,
  assignVessels,
  assignOwners,
  vesselParseRuns,
  vesselParseItems,
  timePlans,
  signOffReasons,
  crewChanges,
  crewLists,
  applicants,
  tags,
  backgroundTasks,
  seaService,
  seaServiceVerifications,
  applicantPerformances,
  applicantDocuments,
  interviews,
  relatives,
  recommendations,
  englishTestResults,
  attachments,
  comments,
  chatMessages,
  externalObjectVersions,
  appFormLinks,
  commentTypes,
  commentEventResults,
  commentSources,
  positionCommentTypes,
  ownerGroups,
  groupItems,
  matrixItems,
  roleLevels,
  wageScaleNationalities,
  wageScales,
  wageBonuses,
  ownerLevelFees,
  taskTypes,
  tasks,
  checklistItems,
  equipmentOptions,
  ownerMatrices,
  matrixPrices,
  equipmentMatrixItems,
  vacancies,
  vacancyApplies,
  surveySchemas,
  surveyResponses,
];

/**
 * The JSON:API type of a served resource, as a literal union: code that names a type by its
 * wire string (a query key, a reload after a write) fails the typecheck when the type is renamed.
 */
export type TResourceType = (typeof DEFINITIONS)[number]["type"];

/** Every resource the generic engine serves, by JSON:API type. */
export const RESOURCES: Readonly<Record<string, TResourceDef>> = Object.fromEntries(
  DEFINITIONS.map((d) => [d.type, d]),
);

export const resourceByType = (type: string): TResourceDef | undefined =>
  Object.hasOwn(RESOURCES, type) ? RESOURCES[type] : undefined;
export * from "./owner-contracts.js";
