/**
 * Every permission key the product knows, as a tree: a top-level key is a section or a
 * model; a nested key (`vessels.manningScales`) is an area inside it. The permission
 * records in the database mirror this tree (item = last segment, parent_id = the parent).
 */
export const PERMISSION_TREE = {
  // Resources of spec 000 section 3.3.
  vessels: [
    "manningScales",
    "archivedManningScales",
    "assignedUsers",
    "manager",
    "owner",
    "coordinator",
    "bulkParse",
  ],
  owners: ["assignedRecruiters", "crewInspectors"],
  crewingAgents: [],
  managers: [],
  crewUsers: ["assignments"],
  crewUserStatus: [],
  ranks: [],
  crewChange: [],
  users: [],
  vacancies: [],
  vesselTypes: [],
  engineTypes: [],
  engineManufacturers: [],
  vendorTypes: [],
  vendors: [],
  certificateTypes: [],
  relationTypes: [],
  crewingStatuses: [],
  countries: [],
  ports: [],
  mainEngines: [],
  applicantContracts: [],
  applicantDocuments: [],
  englishTestTypes: [],
  taskManager: [],
  surveyCreator: [],
  timeplans: ["userProfile", "comments", "commentAssignments"],
  userExperiences: [],
  userAttachments: [],
  userDocuments: [],
  userInterviews: [],
  userRelatives: [],
  userRecommendations: [],
  userEnglishTestResults: [],
  // Areas of the applicant screens (spec 001) and the shell.
  comments: [],
  commentAssignments: [],
  tgChat: [],
  sortingMenu: [],
  tags: [],
  tagsBatch: [],
  externalUpdate: [],
  accountValidation: [],
  helpLegend: [],
  applicationForm: [],
  experienceVerification: [],
  experienceAppraisal: [],
  userPerformance: [],
  documentMatrix: [],
  /** Owners' wage scales, scale nationalities and bonuses (docs/owners-terms.md). */
  wageScales: [],
  roleLevels: [],
  /** Owners' protective-equipment matrices, their prices and quantities (docs/owners-terms.md). */
  equipmentMatrix: [],
  equipmentOptions: [],
  showHeaderNotifications: [],
  showHeaderHelp: [],
  notifications: [],
  permissions: [],
  /** Queued work a client started (tag batches, large exports): its own tasks. */
  backgroundTasks: [],
} as const satisfies Record<string, readonly string[]>;

type Tree = typeof PERMISSION_TREE;
export type TTopPermissionKey = keyof Tree;
export type TPermissionKey =
  TTopPermissionKey | { [K in TTopPermissionKey]: `${K}.${Tree[K][number]}` }[TTopPermissionKey];

/** Keys switched on and off as a whole (permission_type "section"); the rest are models with CRUD flags. */
export const SECTION_KEYS: readonly TTopPermissionKey[] = [
  "showHeaderNotifications",
  "showHeaderHelp",
  "sortingMenu",
  "helpLegend",
];

export const ALL_PERMISSION_KEYS: readonly TPermissionKey[] = (
  Object.entries(PERMISSION_TREE) as [TTopPermissionKey, readonly string[]][]
).flatMap(([top, children]) => [top, ...children.map((c) => `${top}.${c}`)] as TPermissionKey[]);
