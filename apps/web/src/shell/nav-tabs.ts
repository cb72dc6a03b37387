import { RESOURCES, type TPermissionKey } from "@crew/contracts";
import type { TCan } from "../session/use-session";

export interface TNavTab {
  label: string;
  path: string;
  /** The tab needs `{permission}.read`. */
  permission: TPermissionKey;
}

/** The tabs of spec 2.5, in its order. */
const SPEC_TABS: readonly TNavTab[] = [
  { label: "Vessels", path: "/vessels", permission: "vessels" },
  { label: "Timeplans", path: "/", permission: "timeplans" },
  { label: "Owners", path: "/owners", permission: "owners" },
  { label: "Managers", path: "/managers", permission: "managers" },
  { label: "Crewing agents", path: "/crewing-agents", permission: "crewingAgents" },
  { label: "Crew users", path: "/crew-users", permission: "crewUsers" },
  { label: "Ranks", path: "/ranks", permission: "ranks" },
  { label: "Crew changes", path: "/crew-changes", permission: "crewChange" },
  { label: "Seafarers", path: "/users", permission: "users" },
  { label: "Vacancies", path: "/vacancies", permission: "vacancies" },
  { label: "Task manager", path: "/task-manager", permission: "taskManager" },
  { label: "Engine types", path: "/engine-types", permission: "engineTypes" },
  { label: "Engine manufacturers", path: "/engine-manufacturers", permission: "engineManufacturers" },
  { label: "Vendor types", path: "/vendor-types", permission: "vendorTypes" },
  { label: "Vendors", path: "/vendors", permission: "vendors" },
  { label: "Certificate types", path: "/certificate-types", permission: "certificateTypes" },
  { label: "Relation types", path: "/relation-types", permission: "relationTypes" },
  { label: "Countries", path: "/countries", permission: "countries" },
  { label: "Survey creator", path: "/survey-creator", permission: "surveyCreator" },
  { label: "Ports", path: "/ports", permission: "ports" },
  { label: "Main engines", path: "/main-engines", permission: "mainEngines" },
  { label: "Applicant contracts", path: "/applicant-contracts", permission: "applicantContracts" },
  { label: "Applicant documents", path: "/applicant-documents", permission: "applicantDocuments" },
];

/**
 * The spec's tabs, then a tab for every other resource definition with a screen (the spec's
 * list leaves out vessel types, crewing statuses, English test types and permissions), so a
 * new reference list gets its tab from its definition alone.
 */
const EXTRA_TABS: readonly TNavTab[] = Object.values(RESOURCES)
  .filter((def) => def.route && !SPEC_TABS.some((tab) => tab.path === def.route))
  .map((def) => ({ label: def.label.many, path: def.route ?? "", permission: def.permission }));

/** Administration closes the row, after every list a user works with. */
const isAdministration = (tab: TNavTab): boolean => tab.permission === "permissions";

export const NAV_TABS: readonly TNavTab[] = [
  ...SPEC_TABS,
  ...EXTRA_TABS.filter((tab) => !isAdministration(tab)),
  ...EXTRA_TABS.filter(isAdministration),
];

/** The planner lives on the root (spec 2.3), not on a resource route: its screen always exists. */
const PLANNER_PATH = "/";

/** Tabs the user may read whose screen exists (a tab without a screen would lead to not-found). */
export const visibleTabs = (can: TCan, screenPaths: readonly string[]): TNavTab[] =>
  NAV_TABS.filter(
    (tab) => can(tab.permission, "read") && (tab.path === PLANNER_PATH || screenPaths.includes(tab.path)),
  );

/**
 * The bar shows with any place to go (issue 22: a partner with only Vessels had no way back
 * to it); the spec's "more than one tab" left single-tab roles to typing addresses.
 */
export const showNavigationBar = (tabs: readonly TNavTab[]): boolean => tabs.length > 0;

/** Paths whose first segment belongs to the planner (its dialogs, spec 002 §2). */
const PLANNER_SEGMENTS: readonly string[] = ["timeplans"];

/** Path of the selected tab: the first path segment; an empty one (or the planner's dialogs) selects Timeplans ('/'). */
export const activeTabPath = (pathname: string): string => {
  const first = pathname.split("/").find((segment) => segment !== "");
  return first && !PLANNER_SEGMENTS.includes(first) ? `/${first}` : PLANNER_PATH;
};

/**
 * The plain reference lists of spec 000 §2.2 ("Reference data"), and every list a definition
 * adds beyond the spec's tabs (sign-off reasons, ...) except Permissions: they share one menu
 * in the bar so the daily screens are not lost among the lookup tables.
 */
export const REFERENCE_PATHS: readonly string[] = [
  "/vessel-types",
  "/engine-types",
  "/engine-manufacturers",
  "/vendor-types",
  "/vendors",
  "/certificate-types",
  "/relation-types",
  "/crewing-statuses",
  "/countries",
  "/ports",
  "/main-engines",
  "/applicant-contracts",
  "/applicant-documents",
  "/english-test-types",
  ...EXTRA_TABS.filter((tab) => !isAdministration(tab)).map((tab) => tab.path),
];

export const REFERENCE_MENU_LABEL = "Reference data";

/** One entry of the bar: a tab, or the reference-data menu holding its tabs. */
export type TNavEntry = { kind: "tab"; tab: TNavTab } | { kind: "menu"; label: string; tabs: TNavTab[] };

/**
 * The bar's entries: the tabs in their order, the reference lists gathered into one menu
 * standing where the first of them would be (after Task Manager, as in the spec's list).
 */
export const navEntries = (tabs: readonly TNavTab[]): TNavEntry[] => {
  const reference = tabs.filter((tab) => REFERENCE_PATHS.includes(tab.path));
  const entries: TNavEntry[] = [];
  for (const tab of tabs) {
    if (!REFERENCE_PATHS.includes(tab.path)) entries.push({ kind: "tab", tab });
    else if (tab === reference[0])
      entries.push({ kind: "menu", label: REFERENCE_MENU_LABEL, tabs: reference });
  }
  return entries;
};

/** Label of a tab in the narrow-screen user menu. */
export const menuLabelOf = (tab: TNavTab): string => `${tab.label} page`;
