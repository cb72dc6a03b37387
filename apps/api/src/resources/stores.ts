import type { TDb } from "../db/client.js";
import type { TStore } from "../kernel/store.js";

/**
 * The Prisma delegates of plain resources, seen through the generic store interface.
 * Prisma's per-model delegate types cannot be named generically, so each is cast once here.
 */
const asStore = (delegate: object): TStore => delegate as unknown as TStore;

export const plainStores = (db: TDb): Record<string, TStore> => ({
  vessel_types: asStore(db.vesselType),
  engine_types: asStore(db.engineType),
  engine_manufacturers: asStore(db.engineManufacturer),
  vendor_types: asStore(db.vendorType),
  vendors: asStore(db.vendor),
  certificate_types: asStore(db.certificateType),
  relation_types: asStore(db.relationType),
  crewing_statuses: asStore(db.crewingStatus),
  countries: asStore(db.country),
  ports: asStore(db.port),
  main_engines: asStore(db.mainEngine),
  applicant_contracts: asStore(db.applicantContract),
  applicant_documents: asStore(db.applicantDocument),
  english_test_types: asStore(db.englishTestType),
  ranks: asStore(db.rank),
  clients: asStore(db.client),
  notifications: asStore(db.notification),
  permissions: asStore(db.permissionRecord),
});
