import { lazy } from "react";
import type { TScreenOverrides } from "../resources/screen-registry";
import { RECORD_OVERRIDES } from "../screens/applicant-records/record-overrides";
import { APPLICANT_MESSAGES } from "../screens/applicants/applicant-messages";
import { CREW_CHANGE_MESSAGES } from "../screens/crew-changes/crew-change-messages";
import { CREW_USER_MESSAGES } from "../screens/crew-users/crew-user-messages";
import { RANK_MESSAGES } from "../screens/ranks/rank-messages";
import { VESSEL_MESSAGES } from "../screens/fleet/vessel-messages";
import { VACANCY_APPLY_MESSAGES } from "../screens/vacancies/vacancy-messages";

/**
 * The bespoke screens in place of the generic ones, by JSON:API type (see TScreenOverride).
 * Here in the app layer, above both: the screens import the generic engine, the engine never
 * imports them; the app hands this table to the routes and, by context, to the screens.
 */
export const SCREEN_OVERRIDES: TScreenOverrides = {
  vacancies: {
    List: lazy(() =>
      import("../screens/vacancies/VacanciesScreen").then((m) => ({ default: m.VacanciesScreen })),
    ),
    Details: lazy(() =>
      import("../screens/vacancies/VacancyDetailsScreen").then((m) => ({
        default: m.VacancyDetailsScreen,
      })),
    ),
    Form: lazy(() => import("../screens/vacancies/VacancyForm").then((m) => ({ default: m.VacancyForm }))),
  },
  vacancy_applies: { messages: VACANCY_APPLY_MESSAGES },
  ranks: {
    messages: RANK_MESSAGES,
    List: lazy(() => import("../screens/ranks/RanksScreen").then((m) => ({ default: m.RanksScreen }))),
  },
  clients: {
    messages: CREW_USER_MESSAGES,
    List: lazy(() =>
      import("../screens/crew-users/CrewUsersScreen").then((m) => ({ default: m.CrewUsersScreen })),
    ),
    Details: lazy(() =>
      import("../screens/crew-users/CrewUserDetailsScreen").then((m) => ({
        default: m.CrewUserDetailsScreen,
      })),
    ),
  },
  crew_changes: {
    messages: CREW_CHANGE_MESSAGES,
    List: lazy(() =>
      import("../screens/crew-changes/CrewChangesScreen").then((m) => ({ default: m.CrewChangesScreen })),
    ),
    Details: lazy(() =>
      import("../screens/crew-changes/CrewChangeDetailsScreen").then((m) => ({
        default: m.CrewChangeDetailsScreen,
      })),
    ),
  },
  users: {
    messages: APPLICANT_MESSAGES,
    List: lazy(() =>
      import("../screens/applicants/ApplicantsScreen").then((m) => ({ default: m.ApplicantsScreen })),
    ),
    Details: lazy(() =>
      import("../screens/applicants/ApplicantDetailsScreen").then((m) => ({
        default: m.ApplicantDetailsScreen,
      })),
    ),
    Form: lazy(() =>
      import("../screens/applicants/ApplicantForm").then((m) => ({ default: m.ApplicantForm })),
    ),
    Archive: lazy(() =>
      import("../screens/applicants/ArchiveRoute").then((m) => ({ default: m.ArchiveRoute })),
    ),
  },
  vessels: {
    messages: VESSEL_MESSAGES,
    List: lazy(() => import("../screens/fleet/VesselsScreen").then((m) => ({ default: m.VesselsScreen }))),
    Details: lazy(() =>
      import("../screens/fleet/VesselDetailsScreen").then((m) => ({ default: m.VesselDetailsScreen })),
    ),
  },
  owners: {
    Details: lazy(() =>
      import("../screens/fleet/OwnerDetailsScreen").then((m) => ({ default: m.OwnerDetailsScreen })),
    ),
    // The owner form sends its templates, then its terms and fees (spec 002 §7, issue 17 §4).
    Form: lazy(() => import("../screens/fleet/OwnerForm").then((m) => ({ default: m.OwnerForm }))),
  },
  managers: {
    Details: lazy(() =>
      import("../screens/fleet/ManagerDetailsScreen").then((m) => ({ default: m.ManagerDetailsScreen })),
    ),
  },
  permissions: {
    Page: lazy(() =>
      import("../screens/permissions/PermissionsScreen").then((m) => ({ default: m.PermissionsScreen })),
    ),
  },
  ...RECORD_OVERRIDES,
  // An applicant's application-form links with "New link" (issue 19 §3).
  app_form_links: {
    Related: lazy(() =>
      import("../screens/app-form-links/AppFormLinksList").then((m) => ({ default: m.AppFormLinksList })),
    ),
  },
  // The owner page's protective-equipment-matrix tab (issue 17 §3).
  owner_matrices: {
    Related: lazy(() =>
      import("../screens/owners/equipment-matrix/EquipmentMatrixTab").then((m) => ({
        default: m.EquipmentMatrixTab,
      })),
    ),
  },
  // The task manager (issue 18 §3) and the survey creator (§4): pages of their own.
  tasks: {
    Page: lazy(() =>
      import("../screens/tasks/TaskManagerScreen").then((m) => ({ default: m.TaskManagerScreen })),
    ),
  },
  survey_schemas: {
    Page: lazy(() =>
      import("../screens/surveys/SurveyCreatorScreen").then((m) => ({ default: m.SurveyCreatorScreen })),
    ),
  },
  // The owner page's document_matrix tab (issue 17 §2).
  owner_groups: {
    Related: lazy(() =>
      import("../screens/owners/document-matrix/DocumentMatrixTab").then((m) => ({
        default: m.DocumentMatrixTab,
      })),
    ),
  },
};
