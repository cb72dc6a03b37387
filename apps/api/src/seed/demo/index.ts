import type { TDb } from "../../db/client.js";
import type { TStorage } from "../../storage/storage.js";
import { seedContracts } from "./contracts.js";
import { seedApplicants } from "./applicants.js";
import { seedComments } from "./comments.js";
import { seedChats } from "./chats.js";
import { seedFleet } from "./fleet.js";
import { seedPlanning } from "./planning.js";
import { seedRecords } from "./records.js";
import { seedDocumentMatrices } from "./document-matrix.js";
import { seedWages } from "./wages.js";
import { seedEquipmentMatrices } from "./equipment-matrix.js";
import { seedVacancies } from "./vacancies.js";
import { seedTasks } from "./tasks.js";

/**
 * Demo data beyond accounts and reference lists, by area, in the order they depend on each
 * other (fleet, applicants, their records, planning). Each area adds its seeder here; seeders
 * read what earlier ones wrote from the database.
 */
export const DEMO_AREAS: readonly {
  name: string;
  /** `storage`: where uploaded files go (absent when a bench seeds the database alone). */
  seed: (db: TDb, storage?: TStorage) => Promise<void>;
}[] = [
  { name: "fleet", seed: seedFleet },
  { name: "wages", seed: seedWages },
  { name: "applicants", seed: seedApplicants },
  { name: "records", seed: seedRecords },
  // The owners' document matrices: the fleet's ranks and the records' document kinds.
  { name: "document matrices", seed: (db) => seedDocumentMatrices(db) },
  // Protective-equipment matrices over the fleet's ranks, and the applicants' sizes (issue 17 §3).
  { name: "equipment matrices", seed: seedEquipmentMatrices },
  // Planning reads the fleet, the applicants and their documents: it stays last.
  { name: "planning", seed: seedPlanning },
  // Comments read the applicants, the staff and the plans.
  { name: "comments", seed: seedComments },
  // Telegram chats of the first applicants (after the comments: a message is a contact too).
  { name: "chats", seed: (db) => seedChats(db) },
  // Owners' contract terms and templates (issue 17 §4).
  { name: "contracts", seed: seedContracts },
  // Vacancies of the published vacancy plans, with applications in each status (issue 18 §5).
  { name: "vacancies", seed: (db) => seedVacancies(db) },
  // Tasks across the staff and two surveys (issue 18 §5).
  { name: "tasks", seed: (db) => seedTasks(db) },
];
