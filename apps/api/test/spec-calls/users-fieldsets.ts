/**
 * The applicant list's sparse fieldsets exactly as spec 001 §3 ("Applicant (user)") gives them,
 * copied here so tests need nothing outside the repository.
 */

/** The main applicant list's reading (the longer one). */
export const USERS_LIST_FIELDS = [
  "crewing_applicant_id", "surname", "name", "middle", "role", "crewing_rank", "vessel", "last_expirience", "last_contact",
  "birthday", "electronic_me", "status", "crewing_status_id", "readiness_date", "avatar", "wage", "vessel_planned_name",
  "date_planned", "vessel_last_rank_title", "last_contract_soff", "vessel_last_name", "vessel_last_manager_name", "us_visa_doe",
  "mobile_phone", "tag_list", "telegram_bot", "external_applications", "ukr_crewing_id", "no_call_answer", "hot", "ex_scg",
  "external_objects", "valid_state", "valid_states", "is_favorite", "country_birth_emoji", "stable_employee", "need_reaction",
  "ext_update", "promotions_count", "promotions_roles", "has_warnings", "mobile_phone_alternative", "email_alternative",
  "need_education", "crewell_id", "maritime_zone_id", "email", "address", "phonehome",
] as const;

/** The shorter reading of the same list. */
export const USERS_SHORT_FIELDS = [
  "crewing_applicant_id", "name", "surname", "middle", "status", "email", "birthday", "address", "mobile_phone", "phonehome",
  "readiness_date", "avatar", "last_expirience", "role", "hot", "valid_states",
] as const;

/** The list's includes (spec 001 §3 "Included relations", §7 GET users). */
export const USERS_LIST_INCLUDE = "last_expirience,role,external_applications";
