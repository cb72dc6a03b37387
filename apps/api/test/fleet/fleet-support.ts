import { join } from "node:path";
import type { TPermissionKey, TRole } from "@crew/contracts";
import type { Express } from "express";
import { afterAll } from "vitest";
import { createApp } from "../../src/app.js";
import type { TDeps } from "../../src/deps.js";
import { startEquasisStandIn, type TEquasisStandIn } from "../../src/equasis/stand-in/stand-in-server.js";
import { sealEquasisPassword } from "../../src/equasis/equasis-secret.js";
import { JOB_HANDLERS } from "../../src/job-handlers.js";
import { createJobs } from "../../src/jobs/index.js";
import { diskStorage } from "../../src/storage/disk-storage.js";
import { revoking, testConfig, testDeps } from "../support/deps.js";
import { createOwner, createVessel, unique } from "../support/factories.js";

/** Factories and helpers of the fleet tests (shared support stays the lead's). */
const db = () => testDeps().db;

export const createManager = async (title = unique("Manager")) => db().manager.create({ data: { title } });

/** A vessel of an owner (a fresh owner unless given), optionally managed. */
export const ownedVessel = async (attrs: { ownerId?: number; managerId?: number; name?: string } = {}) => {
  const ownerId = attrs.ownerId ?? (await createOwner()).id;
  const vessel = await createVessel({ ownerId, ...(attrs.name ? { name: attrs.name } : {}) });
  if (attrs.managerId)
    await db().managerVessel.create({ data: { vesselId: vessel.id, managerId: attrs.managerId } });
  return { ...vessel, ownerId };
};

/** Links a crew user (or partner) to an owner's fleet (assign_owners). */
export const linkOwner = async (clientId: number, ownerId: number) =>
  db().assignOwner.create({ data: { clientId, ownerId } });

/**
 * Grants one account every flag of `keys` through client permission records (as an admin would
 * on the permissions screen): a partner given every fleet key still sees only its own fleet.
 */
export const grantCrewUser = async (
  clientId: number,
  role: TRole,
  keys: readonly TPermissionKey[],
): Promise<void> => {
  for (const key of keys) {
    const [top, area] = key.split(".");
    if (!top) continue;
    const parent = area
      ? await db().permissionRecord.findFirst({ where: { role, clientId: null, item: top, parentId: null } })
      : null;
    await db().permissionRecord.create({
      data: {
        item: area ?? top,
        parentId: parent?.id ?? null,
        clientId,
        enable: true,
        canRead: true,
        canCreate: true,
        canUpdate: true,
        canDelete: true,
      },
    });
  }
  await revoking((tx) =>
    tx.revision.upsert({
      where: { name: "permissions" },
      create: { name: "permissions", value: 1n },
      update: { value: { increment: 1n } },
    }),
  );
};

/** Saves an Equasis account in a crew user's profile, sealed as PATCH /clients/me does. */
export const saveEquasisAccount = async (
  clientId: number,
  email: string,
  password: string,
  config = testDeps().config,
) =>
  revoking((tx) =>
    tx.client.update({
      where: { id: clientId },
      data: { equasisEmail: email, equasisPassword: sealEquasisPassword(config, password) },
    }),
  );

export const STAND_IN_ACCOUNT = { email: "registry.user@crewing.example", password: "Equasis-Test-9" };

/**
 * The app pointed at a stand-in Equasis (its own address from configuration, as in
 * production), with jobs in-process over the same configuration. One per test file.
 */
export const registryApp = async (
  overrides: Record<string, string> = {},
): Promise<{ app: Express; deps: TDeps; standIn: TEquasisStandIn }> => {
  const standIn = await startEquasisStandIn({
    accounts: { [STAND_IN_ACCOUNT.email]: STAND_IN_ACCOUNT.password },
  });
  const base = testDeps();
  const config = testConfig({
    EQUASIS_URL: standIn.url,
    EQUASIS_INTERVAL_MS: "0",
    EQUASIS_TIMEOUT_MS: "3000",
    EQUASIS_SECRET: "fleet-tests-equasis-secret-0123456789abcdef",
    ...overrides,
  });
  const storage = diskStorage(join(config.dataDir, "files"));
  const jobs = createJobs(
    { config, db: base.db, logger: base.logger, redis: null, storage },
    { handlers: JOB_HANDLERS, schedules: false },
  );
  await jobs.start();
  const deps: TDeps = { ...base, config, jobs, storage };
  afterAll(async () => {
    await jobs.stop();
    await standIn.close();
  });
  return { app: createApp(deps), deps, standIn };
};

/** Polls until `done` holds (a queued job finishing). */
export const waitFor = async (
  what: string,
  done: () => Promise<boolean>,
  timeoutMs = 20_000,
): Promise<void> => {
  const until = Date.now() + timeoutMs;
  while (!(await done())) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
};
