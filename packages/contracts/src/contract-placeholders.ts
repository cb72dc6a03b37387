/**
 * The placeholders an owner's contract and document templates may use (issue 17 §4): the one
 * list the server fills and checks uploads against and the owner page documents. Templates are
 * .docx files written in Word: `{seafarer_full_name}` is replaced by its value, a loop
 * `{#identity_documents}{kind} {number}{/identity_documents}` repeats its text per item, and a
 * condition `{#annual_leave}...{/annual_leave}` shows its text only when the value is not empty.
 * Nothing in a template is evaluated: a tag is a name looked up in this list, nothing more.
 */
export interface TContractPlaceholder {
  name: string;
  description: string;
  /** What the upload check renders the template with. */
  sample: string;
}

export interface TContractPlaceholderLoop {
  name: string;
  description: string;
  /** The placeholders of one item, used between `{#name}` and `{/name}`. */
  item: readonly TContractPlaceholder[];
}

export interface TContractPlaceholderGroup {
  group: string;
  placeholders: readonly TContractPlaceholder[];
  loops?: readonly TContractPlaceholderLoop[];
}

/** Placeholders from rows of name, description and sample value. */
const rows = (...list: readonly (readonly [string, string, string])[]): TContractPlaceholder[] =>
  list.map(([name, description, sample]) => ({ name, description, sample }));

/** What an identity document states; the passport's, the seaman's book's and each loop item's. */
const IDENTITY_FIELDS = [
  ["number", " number"],
  ["issued_by", "'s issuing State"],
  ["valid_until", " valid until (dd.mm.yyyy)"],
] as const;
/** `{prefix}_number`, `{prefix}_issued_by`, `{prefix}_valid_until` of one document, with samples in that order. */
const identityDocument = (prefix: string, label: string, samples: readonly [string, string, string]) =>
  IDENTITY_FIELDS.map(([field, what], i) => ({
    name: `${prefix}_${field}`,
    description: `${label}${what}`,
    sample: samples[i] ?? "",
  }));

/** The owner's scale's components a month for the rank (and the seafarer's nationality). */
const fromScale = (name: string, what: string, sample: string): TContractPlaceholder => ({
  name,
  description: `${what} a month, from the owner's scale for the rank (and the seafarer's nationality)`,
  sample,
});

/**
 * The bonus cells a new scale gets (sb_2, sb_3, sb_4, spb, pb: wages.ts) as placeholders
 * `bonus_{column}`; an owner's other cells (an sb_5) are in the `bonuses` loop.
 */
export const BONUS_PLACEHOLDER_COLUMNS: readonly { column: string; what: string; sample: string }[] = [
  { column: "sb_2", what: "Seniority bonus from the 2nd consecutive contract", sample: "100" },
  { column: "sb_3", what: "Seniority bonus from the 3rd consecutive contract", sample: "150" },
  { column: "sb_4", what: "Seniority bonus from the 4th consecutive contract", sample: "200" },
  { column: "spb", what: "Special bonus", sample: "250" },
  { column: "pb", what: "Performance bonus", sample: "300" },
];

export const CONTRACT_PLACEHOLDERS: readonly TContractPlaceholderGroup[] = [
  {
    group: "Seafarer",
    placeholders: rows(
      ["seafarer_full_name", "Family name, given names and middle name", "KOVALENKO Andriy Petrovych"],
      ["seafarer_surname", "Family name", "KOVALENKO"],
      ["seafarer_given_names", "Given names and middle name", "Andriy Petrovych"],
      ["seafarer_birth_date", "Date of birth (dd.mm.yyyy)", "04.05.1990"],
      ["seafarer_age", "Age in years on the agreement date", "36"],
      ["seafarer_birth_place", "Country of birth", "Ukraine"],
      ["seafarer_nationality", "Nationality (issuing State of the passport)", "Ukraine"],
      ["seafarer_address", "Home address", "12 Primorska St, Odesa"],
      ["seafarer_number", "Applicant number", "100123"],
      ["seafarer_email", "E-mail", "a.kovalenko@example.com"],
      ["seafarer_phone", "Mobile phone", "+380 50 123 4567"],
    ),
  },
  {
    group: "Identity documents",
    placeholders: [
      ...identityDocument("passport", "Passport", ["FK123456", "Ukraine", "01.02.2031"]),
      ...identityDocument("seaman_book", "Seaman's book", ["AB 012345", "Ukraine", "15.09.2029"]),
    ],
    loops: [
      {
        name: "identity_documents",
        description: "Every passport and seaman's book on record",
        item: rows(
          ["kind", "Document", "Passport"],
          ["number", "Number", "FK123456"],
          ["issued_by", "Issuing State", "Ukraine"],
          ["valid_until", "Valid until", "01.02.2031"],
        ),
      },
    ],
  },
  {
    group: "Vessel",
    placeholders: rows(
      ["vessel_name", "Name", "NORDIC STAR"],
      ["vessel_imo", "IMO number", "9321483"],
      ["vessel_flag", "Flag State", "Malta"],
      ["vessel_type", "Type", "Bulk carrier"],
      ["vessel_call_sign", "Call sign", "9HA1234"],
      ["vessel_gross_tonnage", "Gross tonnage", "32,500"],
      ["vessel_deadweight", "Deadweight, tonnes", "56,000"],
      ["vessel_year_built", "Year built", "2011"],
    ),
  },
  {
    group: "Rank",
    placeholders: rows(
      ["rank", "Capacity on board (the planned rank)", "Chief Officer"],
      ["rank_department", "Department (deck, engine, catering)", "deck"],
    ),
  },
  {
    group: "Contract",
    placeholders: rows(
      ["agreement_place", "Where the agreement is made (the print's place, else the joining port)", "Odesa"],
      ["agreement_date", "When the agreement is made (the print's date)", "27.11.2026"],
      ["contract_start", "Start of the planned tour (dd.mm.yyyy)", "01.12.2026"],
      ["contract_end", "End of the planned tour (dd.mm.yyyy)", "31.05.2027"],
      ["contract_duration_months", "Duration in months (rounded)", "6"],
      ["contract_duration_days", "Duration in days", "182"],
      ["joining_port", "Port of joining", "Rotterdam"],
      ["joining_port_country", "Country of the port of joining", "Netherlands"],
      ["joining_date", "Date of joining (the crew change's sign-on date, else the start)", "01.12.2026"],
      ["wage_offered", "Monthly wage offered for the plan (its offer, else the row's), USD", "7,500"],
    ),
  },
  {
    group: "Wage (owner's scale)",
    placeholders: [
      fromScale("wage_basic", "Basic wage", "3,900"),
      fromScale("wage_overtime", "Guaranteed overtime", "1,600"),
      fromScale("wage_leave_pay", "Leave pay", "700"),
      fromScale("wage_other", "Other allowances", "300"),
      fromScale("wage_total", "Total (the four components)", "6,500"),
      { name: "wage_currency", description: "The owner's currency (ISO 4217)", sample: "USD" },
    ],
  },
  {
    group: "Bonuses (owner's scale)",
    placeholders: BONUS_PLACEHOLDER_COLUMNS.map((b) => ({
      name: `bonus_${b.column}`,
      description: `${b.what} for the rank, in the owner's currency (empty when the owner pays none)`,
      sample: b.sample,
    })),
    loops: [
      {
        name: "bonuses",
        description: "Every bonus the owner's scale pays for the rank, in the bonus grid's order",
        item: rows(
          ["name", "The bonus (Seniority bonus, Special bonus, Performance bonus)", "Seniority bonus"],
          ["consecutive_contracts", "For a seniority bonus: from which consecutive contract", "2"],
          ["amount", "Amount in the owner's currency", "100"],
        ),
      },
    ],
  },
  {
    group: "Owner and owner's terms",
    placeholders: rows(
      ["owner_name", "Shipowner's name", "Nordic Bulk Carriers AS"],
      ["owner_short_name", "Short name", "NBC"],
      ["owner_address", "Shipowner's address", "Strandveien 50, 1366 Lysaker, Norway"],
      ["annual_leave", "Paid annual leave", "Leave pay of 7 days per month served, paid monthly."],
      ["termination_terms", "Termination of the agreement", "Either party may end it with 30 days' notice."],
      [
        "health_benefits",
        "Health protection and social-security benefits",
        "Medical care on board and ashore.",
      ],
      ["repatriation", "Repatriation entitlement", "At the shipowner's cost to the home airport."],
      ["collective_agreement", "Collective bargaining agreement, if any", "ITF IBF Agreement 2024-2025"],
    ),
  },
];

/** Every top-level placeholder and loop name. */
export const CONTRACT_PLACEHOLDER_NAMES: readonly string[] = CONTRACT_PLACEHOLDERS.flatMap((g) => [
  ...g.placeholders.map((x) => x.name),
  ...(g.loops ?? []).map((l) => l.name),
]);

/**
 * What MLC 2006 Standard A2.1 paragraph 4 requires a seafarer employment agreement to state,
 * and the placeholders that carry each: a template that uses none of a particular's
 * placeholders is uploaded with a warning naming it.
 */
export const MLC_PARTICULARS: readonly { particular: string; placeholders: readonly string[] }[] = [
  { particular: "the seafarer's full name", placeholders: ["seafarer_full_name", "seafarer_surname"] },
  {
    particular: "the seafarer's date of birth or age",
    placeholders: ["seafarer_birth_date", "seafarer_age"],
  },
  { particular: "the seafarer's birthplace", placeholders: ["seafarer_birth_place"] },
  { particular: "the shipowner's name", placeholders: ["owner_name"] },
  { particular: "the shipowner's address", placeholders: ["owner_address"] },
  { particular: "the place where the agreement is made", placeholders: ["agreement_place"] },
  { particular: "the date the agreement is made", placeholders: ["agreement_date"] },
  { particular: "the capacity (rank) on board", placeholders: ["rank"] },
  { particular: "the wages", placeholders: ["wage_offered"] },
  { particular: "the paid annual leave", placeholders: ["annual_leave"] },
  {
    particular: "the termination of the agreement",
    placeholders: ["termination_terms", "contract_end", "contract_duration_months", "contract_duration_days"],
  },
  { particular: "the health and social-security benefits", placeholders: ["health_benefits"] },
  { particular: "the repatriation entitlement", placeholders: ["repatriation"] },
  { particular: "any collective bargaining agreement", placeholders: ["collective_agreement"] },
];
