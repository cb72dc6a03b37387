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

const p = (name: string, description: string, sample: string): TContractPlaceholder => ({
  name,
  description,
  sample,
});

export const CONTRACT_PLACEHOLDERS: readonly TContractPlaceholderGroup[] = [
  {
    group: "Seafarer",
    placeholders: [
      p("seafarer_full_name", "Family name, given names and middle name", "KOVALENKO Andriy Petrovych"),
      p("seafarer_surname", "Family name", "KOVALENKO"),
      p("seafarer_given_names", "Given names and middle name", "Andriy Petrovych"),
      p("seafarer_birth_date", "Date of birth (dd.mm.yyyy)", "04.05.1990"),
      p("seafarer_age", "Age in years on the agreement date", "36"),
      p("seafarer_birth_place", "Country of birth", "Ukraine"),
      p("seafarer_nationality", "Nationality (issuing State of the passport)", "Ukraine"),
      p("seafarer_address", "Home address", "12 Primorska St, Odesa"),
      p("seafarer_number", "Applicant number", "100123"),
      p("seafarer_email", "E-mail", "a.kovalenko@example.com"),
      p("seafarer_phone", "Mobile phone", "+380 50 123 4567"),
    ],
  },
  {
    group: "Identity documents",
    placeholders: [
      p("passport_number", "Passport number", "FK123456"),
      p("passport_issued_by", "Passport's issuing State", "Ukraine"),
      p("passport_valid_until", "Passport valid until (dd.mm.yyyy)", "01.02.2031"),
      p("seaman_book_number", "Seaman's book number", "AB 012345"),
      p("seaman_book_issued_by", "Seaman's book's issuing State", "Ukraine"),
      p("seaman_book_valid_until", "Seaman's book valid until (dd.mm.yyyy)", "15.09.2029"),
    ],
    loops: [
      {
        name: "identity_documents",
        description: "Every passport and seaman's book on record",
        item: [
          p("kind", "Document", "Passport"),
          p("number", "Number", "FK123456"),
          p("issued_by", "Issuing State", "Ukraine"),
          p("valid_until", "Valid until", "01.02.2031"),
        ],
      },
    ],
  },
  {
    group: "Vessel",
    placeholders: [
      p("vessel_name", "Name", "NORDIC STAR"),
      p("vessel_imo", "IMO number", "9321483"),
      p("vessel_flag", "Flag State", "Malta"),
      p("vessel_type", "Type", "Bulk carrier"),
      p("vessel_call_sign", "Call sign", "9HA1234"),
      p("vessel_gross_tonnage", "Gross tonnage", "32,500"),
      p("vessel_deadweight", "Deadweight, tonnes", "56,000"),
      p("vessel_year_built", "Year built", "2011"),
    ],
  },
  {
    group: "Rank",
    placeholders: [
      p("rank", "Capacity on board (the planned rank)", "Chief Officer"),
      p("rank_department", "Department (deck, engine, catering)", "deck"),
    ],
  },
  {
    group: "Contract",
    placeholders: [
      p("agreement_place", "Where the agreement is made (the print's place, else the joining port)", "Odesa"),
      p("agreement_date", "When the agreement is made (the print's date)", "27.11.2026"),
      p("contract_start", "Start of the planned tour (dd.mm.yyyy)", "01.12.2026"),
      p("contract_end", "End of the planned tour (dd.mm.yyyy)", "31.05.2027"),
      p("contract_duration_months", "Duration in months (rounded)", "6"),
      p("contract_duration_days", "Duration in days", "182"),
      p("joining_port", "Port of joining", "Rotterdam"),
      p("joining_port_country", "Country of the port of joining", "Netherlands"),
      p("joining_date", "Date of joining (the crew change's sign-on date, else the start)", "01.12.2026"),
      p("wage_offered", "Monthly wage offered for the plan (its offer, else the row's), USD", "7,500"),
      p(
        "wage_basic",
        "Basic wage a month, from the owner's scale for the rank (and the seafarer's nationality)",
        "3,900",
      ),
      p("wage_overtime", "Guaranteed overtime a month, from the owner's scale", "1,600"),
      p("wage_leave_pay", "Leave pay a month, from the owner's scale", "700"),
      p("wage_other", "Other allowances a month, from the owner's scale", "300"),
      p("wage_total", "Total a month (the four components), from the owner's scale", "6,500"),
      p("wage_currency", "The owner's currency (ISO 4217)", "USD"),
    ],
  },
  {
    group: "Owner and owner's terms",
    placeholders: [
      p("owner_name", "Shipowner's name", "Nordic Bulk Carriers AS"),
      p("owner_short_name", "Short name", "NBC"),
      p("owner_address", "Shipowner's address", "Strandveien 50, 1366 Lysaker, Norway"),
      p("annual_leave", "Paid annual leave", "Leave pay of 7 days per month served, paid monthly."),
      p("termination_terms", "Termination of the agreement", "Either party may end it with 30 days' notice."),
      p(
        "health_benefits",
        "Health protection and social-security benefits",
        "Medical care on board and ashore.",
      ),
      p("repatriation", "Repatriation entitlement", "At the shipowner's cost to the home airport."),
      p("collective_agreement", "Collective bargaining agreement, if any", "ITF IBF Agreement 2024-2025"),
    ],
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
