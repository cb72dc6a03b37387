import { DEMO_PASSWORD, ROLES } from "@crew/contracts";
import type { Logger } from "pino";
import type { TConfig } from "../config.js";
import { hashPassword } from "../auth/passwords.js";
import type { TDb } from "../db/client.js";
import type { TStorage } from "../storage/storage.js";
import { notificationOutbox } from "../resources/notifications/notification-outbox-repository.js";
import { DEMO_RANKS, DEMO_REFERENCE_DATA } from "./demo-data.js";
import { DEMO_AREAS } from "./demo/index.js";

/** How far the demo fill has come: `/api/ready` answers 503 with it until `state` is "done". */
export interface TSeedProgress {
  state: "seeding" | "done" | "failed";
  /** The area being written (null before the first and after the last). */
  area: string | null;
  /** Areas written, of `total`. */
  done: number;
  total: number;
}

/** The demo's areas beyond the accounts, written after the server answers (seedDemoAreas). */
export type TDemoFill = (progress: TSeedProgress, stopping: () => boolean) => Promise<void>;

/**
 * Data for an empty database. The demo (SEED_DEMO true, or "auto" on the embedded database):
 * one account per role (<role>@example.com, password DEMO_PASSWORD), ranks, reference lists
 * and a few notifications are written here, before the server answers, so signing in works
 * from its first answer; the rest of the demo (thousands of applicants and their records) is
 * returned as `TDemoFill` for the caller to write while serving (docs/performance.md "First
 * start"). Production seeds only ADMIN_EMAIL and returns null.
 */
export const seed = async (
  db: TDb,
  config: TConfig,
  embedded: boolean,
  logger: Logger,
  storage?: TStorage,
): Promise<TDemoFill | null> => {
  const accounts = await db.client.count();
  if (accounts > 0) return null;
  const demo = config.SEED_DEMO === "true" || (config.SEED_DEMO === "auto" && embedded);
  if (demo) {
    await seedDemoAccounts(db, (area, ms) => logger.info(`seeded demo ${area} in ${ms} ms`));
    return async (progress, stopping) => {
      await seedDemoAreas(db, storage, (area, ms) => logger.info(`seeded demo ${area} in ${ms} ms`), {
        progress,
        stopping,
      });
      if (stopping()) return;
      logger.info("seeded demo data: accounts <role>@example.com, password in the README");
      Object.assign(progress, { state: "done", area: null });
    };
  }
  if (config.ADMIN_EMAIL && config.ADMIN_PASSWORD) {
    await db.client.create({
      data: {
        name: "Administrator",
        email: config.ADMIN_EMAIL.toLowerCase(),
        role: "admin",
        passwordHash: await hashPassword(config.ADMIN_PASSWORD),
      },
    });
    logger.info(`created the first admin account ${config.ADMIN_EMAIL}`);
  }
  return null;
};

/** The whole demo at once (benches and tests that seed a database of their own). */
export const seedDemo = async (
  db: TDb,
  storage?: TStorage,
  /** Told how long each demo area took (the start's log shows where a first start's time goes). */
  onArea?: (area: string, ms: number) => void,
): Promise<void> => {
  await seedDemoAccounts(db, onArea);
  await seedDemoAreas(db, storage, onArea);
};

/**
 * The demo's areas in order, telling `progress` as they go (the caller says when it is done);
 * stops between areas when `stopping` says so (a shutdown during the fill: the demo stays
 * partial).
 */
export const seedDemoAreas = async (
  db: TDb,
  storage: TStorage | undefined,
  onArea?: (area: string, ms: number) => void,
  watch?: { progress: TSeedProgress; stopping: () => boolean },
): Promise<void> => {
  const progress = watch?.progress;
  for (const area of DEMO_AREAS) {
    if (watch?.stopping()) return;
    if (progress) progress.area = area.name;
    const started = performance.now();
    await area.seed(db, storage);
    onArea?.(area.name, Math.round(performance.now() - started));
    if (progress) progress.done += 1;
  }
};

/** Accounts, ranks, reference lists and notifications: what signing in and the first screens need. */
const seedDemoAccounts = async (db: TDb, onArea?: (area: string, ms: number) => void): Promise<void> => {
  const base = performance.now();
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const names: Record<(typeof ROLES)[number], string> = {
    admin: "Anna Admin",
    superuser: "Sergey Superuser",
    manager: "Maria Manager",
    guest: "Gleb Guest",
    partner: "Peter Partner",
    partner_view: "Paula Viewer",
    freelance: "Fedor Freelance",
  };
  await db.client.createMany({
    data: ROLES.map((role) => ({ name: names[role], email: `${role}@example.com`, role, passwordHash })),
  });
  // Reference data may be there already (a database `pnpm seed:scale` filled has no accounts yet).
  await db.rank.createMany({
    data: DEMO_RANKS.map((r, i) => ({ ...r, crewingPriority: i + 1 })),
    skipDuplicates: true,
  });
  const ref = DEMO_REFERENCE_DATA;
  await db.vesselType.createMany({ data: ref.vesselTypes.map((title) => ({ title })), skipDuplicates: true });
  await db.engineType.createMany({ data: ref.engineTypes.map((title) => ({ title })), skipDuplicates: true });
  await db.engineManufacturer.createMany({
    data: ref.engineManufacturers.map((title) => ({ title })),
    skipDuplicates: true,
  });
  await db.vendorType.createMany({ data: ref.vendorTypes.map((title) => ({ title })), skipDuplicates: true });
  await db.certificateType.createMany({
    data: ref.certificateTypes.map((title) => ({ title })),
    skipDuplicates: true,
  });
  await db.relationType.createMany({
    data: ref.relationTypes.map((title) => ({ title })),
    skipDuplicates: true,
  });
  await db.crewingStatus.createMany({
    data: ref.crewingStatuses.map((title) => ({ title })),
    skipDuplicates: true,
  });
  await db.applicantContract.createMany({
    data: ref.applicantContracts.map((title) => ({ title })),
    skipDuplicates: true,
  });
  await db.applicantDocumentKind.createMany({
    data: ref.applicantDocuments.map((title) => ({ title })),
    skipDuplicates: true,
  });
  await db.englishTestType.createMany({
    data: ref.englishTestTypes.map((title) => ({ title })),
    skipDuplicates: true,
  });
  await db.country.createMany({
    data: ref.countries.map(([code, name]) => ({ code, name })),
    skipDuplicates: true,
  });
  const countries = new Map((await db.country.findMany()).map((c) => [c.code, c.id]));
  await db.port.createMany({
    data: ref.ports.map(([locode, name]) => ({
      locode,
      name,
      countryId: countries.get(locode.slice(0, 2)) ?? null,
    })),
    skipDuplicates: true,
  });
  const vendorTypes = await db.vendorType.findMany();
  await db.vendor.createMany({
    data: ref.vendors.map((title, i) => ({
      title,
      vendorTypeId: vendorTypes[i % vendorTypes.length]?.id ?? null,
    })),
    skipDuplicates: true,
  });
  const engineTypes = await db.engineType.findMany();
  const makers = await db.engineManufacturer.findMany();
  await db.mainEngine.createMany({
    data: ref.mainEngines.map((title, i) => ({
      title,
      engineTypeId: engineTypes[i % engineTypes.length]?.id ?? null,
      engineManufacturerId: makers[i % makers.length]?.id ?? null,
    })),
    skipDuplicates: true,
  });
  const admin = await db.client.findUniqueOrThrow({ where: { email: "admin@example.com" } });
  const manager = await db.client.findUniqueOrThrow({ where: { email: "manager@example.com" } });
  const clients = await db.client.findMany();
  const now = Date.now();
  // Through the outbox: a partner is not sent a link to screens it may not open (the applicants).
  await notificationOutbox(db).send(
    clients.flatMap((c) => [
      {
        recipientId: c.id,
        authorId: admin.id,
        primaryText: "Welcome to the crewing back office",
        secondaryText: "Your account is ready. Open the help for a tour.",
        itemLink: "/",
        createdAt: new Date(now - 3 * 86_400_000),
        shown: true,
        read: true,
      },
      {
        recipientId: c.id,
        authorId: manager.id,
        primaryText: "Crew change at Rotterdam planned",
        secondaryText: "MV Nordic Star, 12 seafarers to sign on",
        itemLink: "/crew-changes",
        createdAt: new Date(now - 5 * 3_600_000),
      },
      {
        recipientId: c.id,
        authorId: admin.id,
        primaryText: "Certificate expiring in 30 days",
        secondaryText: "Chief Engineer: STCW III/2 certificate of competency",
        itemLink: "/users",
        createdAt: new Date(now - 20 * 60_000),
      },
    ]),
  );
  onArea?.("accounts and reference lists", Math.round(performance.now() - base));
};

/** Progress of a fill about to start (the server's readiness reads it). */
export const seedProgress = (): TSeedProgress => ({
  state: "seeding",
  area: null,
  done: 0,
  total: DEMO_AREAS.length,
});
