import {
  applicantContracts,
  applicantDocumentKinds,
  certificateTypes,
  countries,
  crewingStatuses,
  engineManufacturers,
  engineTypes,
  englishTestTypes,
  mainEngines,
  ports,
  relationTypes,
  vendorTypes,
  vendors,
  vesselTypes,
} from "@crew/contracts";
import { bindResource, type TResourceEntry } from "../../kernel/binding.js";

/** The reference lists: plain CRUD, each bound to its table with no behaviour of its own. */
export const referenceListBindings: readonly TResourceEntry[] = [
  bindResource(vesselTypes, "VesselType")({}),
  bindResource(engineTypes, "EngineType")({}),
  bindResource(engineManufacturers, "EngineManufacturer")({}),
  bindResource(vendorTypes, "VendorType")({}),
  bindResource(vendors, "Vendor")({}),
  bindResource(certificateTypes, "CertificateType")({}),
  bindResource(relationTypes, "RelationType")({}),
  bindResource(crewingStatuses, "CrewingStatus")({}),
  bindResource(countries, "Country")({}),
  bindResource(ports, "Port")({}),
  bindResource(mainEngines, "MainEngine")({}),
  bindResource(applicantContracts, "ApplicantContract")({}),
  // Kinds with their equivalences: holding one also satisfies the kinds it covers (the document matrix).
  bindResource(applicantDocumentKinds, "ApplicantDocumentKind")({}),
  bindResource(englishTestTypes, "EnglishTestType")({}),
];
