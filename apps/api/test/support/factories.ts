import { randomUUID } from "node:crypto";
import type { TRole } from "@crew/contracts";
import { hashPassword } from "../../src/auth/passwords.js";
import { testDeps } from "./deps.js";

export const TEST_PASSWORD = "Test-Password-1";
let passwordHash: Promise<string> | undefined;

/** A unique short suffix so tests never collide on unique columns. */
export const unique = (prefix = "t"): string => `${prefix}-${randomUUID().slice(0, 8)}`;

/** Creates a staff account with a known password (TEST_PASSWORD). */
export const createClient = async (attrs: { role?: TRole; status?: "active" | "away" | "deactivated"; name?: string; email?: string } = {}) => {
  passwordHash ??= hashPassword(TEST_PASSWORD);
  const role = attrs.role ?? "guest";
  return testDeps().db.client.create({
    data: {
      name: attrs.name ?? `${role} ${unique()}`,
      email: attrs.email ?? `${unique(role)}@test.example.com`,
      role,
      status: attrs.status ?? "active",
      passwordHash: await passwordHash,
    },
  });
};
