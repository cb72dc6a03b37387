import { z } from "zod";
import { ALL_VERBS, defineResource } from "../resource.js";
import { timestamps, title, titleFilter } from "./fields.js";
import { plainList } from "./plain-list.js";

const optionalId = z.coerce.number().int().positive();

export const vesselTypes = plainList(
  "vessel_types",
  "vesselTypes",
  "/vessel-types",
  "Vessel type",
  "Vessel types",
);
export const engineTypes = plainList(
  "engine_types",
  "engineTypes",
  "/engine-types",
  "Engine type",
  "Engine types",
);
export const engineManufacturers = plainList(
  "engine_manufacturers",
  "engineManufacturers",
  "/engine-manufacturers",
  "Engine manufacturer",
  "Engine manufacturers",
);
export const vendorTypes = plainList(
  "vendor_types",
  "vendorTypes",
  "/vendor-types",
  "Vendor type",
  "Vendor types",
);
export const certificateTypes = plainList(
  "certificate_types",
  "certificateTypes",
  "/certificate-types",
  "Certificate type",
  "Certificate types",
);
export const relationTypes = plainList(
  "relation_types",
  "relationTypes",
  "/relation-types",
  "Relation type",
  "Relation types",
);
export const crewingStatuses = plainList(
  "crewing_statuses",
  "crewingStatuses",
  "/crewing-statuses",
  "Crewing status",
  "Crewing statuses",
);
export const applicantContracts = plainList(
  "applicant_contracts",
  "applicantContracts",
  "/applicant-contracts",
  "Applicant contract",
  "Applicant contracts",
);
/**
 * Kinds of applicant documents (passport, seaman's book, STCW certificates), at the hyphenated
 * path of spec 000 §7.2 under a type of its own: `applicant_documents` are the applicant's own
 * documents (spec 001 §7; docs/decisions.md "Applicant records").
 */
const applicantDocumentKindsList = plainList(
  "applicant-documents",
  "applicantDocuments",
  "/applicant-documents",
  "Applicant document",
  "Applicant documents",
);
/** With the STCW reference and the kinds a certificate also satisfies (the document matrix, issue 17 §2). */
export const applicantDocumentKinds = defineResource({
  ...applicantDocumentKindsList,
  attributes: {
    title: title(),
    stcw_reference: {
      label: "STCW reference",
      kind: "text",
      list: true,
      sortable: true,
      input: z
        .string()
        .trim()
        .max(30)
        .regex(/^(|[A-Z]?-?[IVX]+\/\d+(-\d+)?)$/, "must be an STCW regulation such as VI/1 or II/2")
        .nullable(),
    },
    ...timestamps,
  },
  relationships: {
    /** Kinds a certificate of this kind also satisfies (a master's CoC covers the chief mate's). */
    covers: { label: "Also satisfies", type: "applicant-documents", cardinality: "many", form: true },
  },
  search: ["title", "stcw_reference"],
});
export const englishTestTypes = plainList(
  "english_test_types",
  "englishTestTypes",
  "/english-test-types",
  "English test type",
  "English test types",
);

export const vendors = defineResource({
  ...plainList("vendors", "vendors", "/vendors", "Vendor", "Vendors"),
  relationships: {
    vendor_type: { label: "Vendor type", type: "vendor_types", cardinality: "one", form: true },
  },
  filters: { title: titleFilter(), vendor_type_id: { label: "Vendor type", kind: "id", input: optionalId } },
});

export const countries = defineResource({
  type: "countries",
  permission: "countries",
  route: "/countries",
  label: { one: "Country", many: "Countries" },
  titleAttribute: "name",
  attributes: {
    name: title("Name"),
    code: {
      label: "ISO code",
      kind: "text",
      input: z
        .string()
        .trim()
        .toUpperCase()
        .regex(/^[A-Z]{2}$/, "must be two letters (ISO 3166-1 alpha-2)"),
      required: true,
      list: true,
      sortable: true,
    },
    ...timestamps,
  },
  filters: { name: titleFilter("Name") },
  search: ["name", "code"],
  defaultSort: "name",
  verbs: ALL_VERBS,
  selectable: true,
});

export const ports = defineResource({
  type: "ports",
  permission: "ports",
  route: "/ports",
  label: { one: "Port", many: "Ports" },
  titleAttribute: "name",
  attributes: {
    name: title("Name"),
    locode: {
      label: "UN/LOCODE",
      kind: "text",
      input: z
        .string()
        .trim()
        .toUpperCase()
        .regex(/^[A-Z]{2} ?[A-Z0-9]{3}$/, "must look like 'NL RTM'")
        .nullable(),
      list: true,
      sortable: true,
    },
    ...timestamps,
  },
  relationships: { country: { label: "Country", type: "countries", cardinality: "one", form: true } },
  filters: { name: titleFilter("Name"), country_id: { label: "Country", kind: "id", input: optionalId } },
  search: ["name", "locode"],
  defaultSort: "name",
  verbs: ALL_VERBS,
  selectable: true,
});

export const mainEngines = defineResource({
  ...plainList("main_engines", "mainEngines", "/main-engines", "Main engine", "Main engines"),
  relationships: {
    engine_type: { label: "Engine type", type: "engine_types", cardinality: "one", form: true },
    engine_manufacturer: {
      label: "Manufacturer",
      type: "engine_manufacturers",
      cardinality: "one",
      form: true,
    },
  },
  filters: {
    title: titleFilter(),
    engine_type_id: { label: "Engine type", kind: "id", input: optionalId },
    engine_manufacturer_id: { label: "Manufacturer", kind: "id", input: optionalId },
  },
});

export const REFERENCE_LISTS = [
  vesselTypes,
  engineTypes,
  engineManufacturers,
  vendorTypes,
  vendors,
  certificateTypes,
  relationTypes,
  crewingStatuses,
  countries,
  ports,
  mainEngines,
  applicantContracts,
  applicantDocumentKinds,
  englishTestTypes,
] as const;
