import type { TRole } from "../roles.js";
import { ALL_PERMISSION_KEYS, type TPermissionKey } from "./keys.js";
import { ENABLED, FULL, NONE, READ, flags, type TFlags, type TPermissionMap } from "./flags.js";

/**
 * Role permission maps (spec 000 section 6, 002 section 6). Keys missing from a map are
 * denied. Where the spec is silent or contradicts an issue, the choice is recorded in
 * docs/decisions.md ("Role maps").
 */
export type TRoleMap = Partial<Record<TPermissionKey, TFlags>>;

const RW = flags(["read", "create", "update"]);

const REFERENCE_LISTS = [
  "vesselTypes",
  "engineTypes",
  "engineManufacturers",
  "vendorTypes",
  "vendors",
  "certificateTypes",
  "relationTypes",
  "crewingStatuses",
  "countries",
  "ports",
  "mainEngines",
  "applicantContracts",
  "applicantDocuments",
  "englishTestTypes",
  "roleLevels",
  "equipmentOptions",
] as const satisfies readonly TPermissionKey[];

const all = (keys: readonly TPermissionKey[], f: TFlags): TRoleMap =>
  Object.fromEntries(keys.map((k) => [k, f]));

/** Every signed-in account: its own notifications, the header areas. */
const SHELL: TRoleMap = {
  notifications: FULL,
  backgroundTasks: FULL,
  showHeaderNotifications: ENABLED,
  showHeaderHelp: ENABLED,
};

/** Base map, also the guest map (spec 000 6.1). */
const BASE: TRoleMap = {
  ...SHELL,
  users: RW,
  ...all(
    [
      "comments",
      "tgChat",
      "userExperiences",
      "userAttachments",
      "userDocuments",
      "userInterviews",
      "userRelatives",
      "userRecommendations",
      "userEnglishTestResults",
      "tags",
      "tagsBatch",
      "externalUpdate",
      "accountValidation",
      "applicationForm",
      "experienceVerification",
    ],
    FULL,
  ),
  sortingMenu: ENABLED,
  helpLegend: ENABLED,
  vessels: FULL,
  vacancies: READ,
  documentMatrix: READ,
  /** Protective-equipment matrices and the item list read like the document matrix (spec 002 §6 has no key of its own for them). */
  equipmentMatrix: READ,
  equipmentOptions: READ,
};

const ADMIN: TRoleMap = {
  ...BASE,
  ...all(
    [
      "ranks",
      "managers",
      "owners",
      "owners.assignedRecruiters",
      "owners.crewInspectors",
      "crewingAgents",
      "crewUsers",
      "crewUsers.assignments",
      "vessels.manningScales",
      "vessels.assignedUsers",
      "vessels.manager",
      "vessels.owner",
      "vessels.coordinator",
      "vessels.bulkParse",
      "taskManager",
      "timeplans",
      "timeplans.userProfile",
      "timeplans.comments",
      "timeplans.commentAssignments",
      "commentAssignments",
      "userPerformance",
      "experienceAppraisal",
      "crewChange",
      "documentMatrix",
      "vacancies",
      "crewUserStatus",
      "surveyCreator",
      "permissions",
      "wageScales",
      "equipmentMatrix",
      ...REFERENCE_LISTS,
    ],
    FULL,
  ),
};

const MANAGER: TRoleMap = {
  ...BASE,
  ...all(
    ["taskManager", "timeplans", "comments", "userPerformance", "crewChange", "crewUserStatus", "vacancies"],
    FULL,
  ),
  /** Planners compare a seafarer's expected wage with the owner's scale (docs/owners-terms.md). */
  wageScales: READ,
};

const PARTNER: TRoleMap = {
  ...BASE,
  users: NONE,
  comments: NONE,
  vacancies: NONE,
  experienceAppraisal: NONE,
  timeplans: RW,
  "timeplans.userProfile": READ,
  "timeplans.commentAssignments": READ,
  "timeplans.comments": NONE,
  /** Its own owners' scales only (the server's scope); partner_view never sees wage amounts. */
  wageScales: READ,
};

const PARTNER_VIEW: TRoleMap = {
  ...PARTNER,
  timeplans: READ,
  "timeplans.userProfile": NONE,
  vessels: NONE,
  crewUsers: NONE,
  wageScales: NONE,
};

const FREELANCE: TRoleMap = {
  ...BASE,
  users: RW,
  comments: RW,
  tgChat: FULL,
  vessels: NONE,
  timeplans: NONE,
  tags: RW,
  tagsBatch: NONE,
  userAttachments: NONE,
  userDocuments: RW,
  userInterviews: RW,
};

export const ROLE_MAPS: Record<TRole, TRoleMap> = {
  guest: BASE,
  admin: ADMIN,
  superuser: { ...ADMIN, "vessels.archivedManningScales": FULL },
  manager: MANAGER,
  partner: PARTNER,
  partner_view: PARTNER_VIEW,
  freelance: FREELANCE,
};

/**
 * A nested key is allowed only when its parent is (vessels.manningScales needs vessels):
 * partner_view loses every vessel area with vessels itself.
 */
export const effectiveFlags = (map: TRoleMap, key: TPermissionKey): TFlags => {
  const own = map[key] ?? NONE;
  const dot = key.indexOf(".");
  if (dot < 0) return own;
  const parent = map[key.slice(0, dot) as TPermissionKey] ?? NONE;
  return parent.enable ? own : NONE;
};

/** A role's whole map as the server holds it after seeding: every key with its effective flags. */
export const rolePermissionMap = (role: TRole): TPermissionMap =>
  Object.fromEntries(ALL_PERMISSION_KEYS.map((key) => [key, effectiveFlags(ROLE_MAPS[role], key)]));
