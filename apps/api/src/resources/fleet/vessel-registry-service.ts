import type { TConfig } from "../../config.js";
import {
  createEquasisClient,
  EquasisError,
  type TEquasisClient,
  type TEquasisSession,
} from "../../equasis/equasis-client.js";
import { openEquasisPassword } from "../../equasis/equasis-secret.js";
import { AppError } from "../../errors/app-error.js";
import type { TVesselRegistryRepository } from "./vessel-registry-repository.js";

/**
 * The registry (Equasis) as the fleet uses it: whose account, one client per address (its
 * pace is shared by every request and job of the process), and its failures as JSON:API
 * errors the screens can tell apart by `code`.
 */
export const REGISTRY_ERROR_CODES = {
  login: "equasis_login_failed",
  unavailable: "equasis_unavailable",
  unexpected: "equasis_unexpected_page",
  notConfigured: "equasis_not_configured",
  noAccount: "equasis_account_missing",
} as const;

const clients = new Map<string, TEquasisClient>();

/**
 * Account problems are 422s on `email`, the request's name for the Equasis account the call
 * signs in with (the caller's own, from the profile); `code` tells them apart.
 */
const ACCOUNT_POINTER = "/data/attributes/email";

export const registryClient = (config: TConfig): TEquasisClient => {
  const url = config.EQUASIS_URL;
  if (!url) {
    // A lasting state of this server, not an outage to wait out: 422 rather than 503.
    throw new AppError("UNPROCESSABLE", "The vessel registry is not configured (EQUASIS_URL).", [
      {
        status: "422",
        code: REGISTRY_ERROR_CODES.notConfigured,
        title: "The vessel registry is not configured on this server",
        detail: "Ask the administrator to set EQUASIS_URL (see .env.example).",
        source: { pointer: ACCOUNT_POINTER },
      },
    ]);
  }
  const key = `${url}|${config.EQUASIS_INTERVAL_MS}|${config.EQUASIS_TIMEOUT_MS}`;
  let client = clients.get(key);
  if (!client) {
    client = createEquasisClient({
      baseUrl: url,
      minIntervalMs: config.EQUASIS_INTERVAL_MS,
      timeoutMs: config.EQUASIS_TIMEOUT_MS,
    });
    clients.set(key, client);
  }
  return client;
};

/** An Equasis failure as the JSON:API error a caller should see (never a bare 500). */
export const registryAppError = (error: EquasisError): AppError => {
  if (error.failure === "login") {
    return new AppError("UNPROCESSABLE", error.message, [
      {
        status: "422",
        code: REGISTRY_ERROR_CODES.login,
        title: "Equasis login or password is wrong",
        detail: `${error.message}. Check the Equasis email and password saved in your profile.`,
        source: { pointer: ACCOUNT_POINTER },
      },
    ]);
  }
  return new AppError("UNAVAILABLE", error.message, [
    {
      status: "503",
      code:
        error.failure === "unavailable" ? REGISTRY_ERROR_CODES.unavailable : REGISTRY_ERROR_CODES.unexpected,
      title:
        error.failure === "unavailable"
          ? "The vessel registry cannot be reached"
          : "The vessel registry answered with a page this server does not understand",
      detail: error.message,
    },
  ]);
};

export interface TRegistryAccount {
  email: string;
  password: string;
}

const noAccount = (detail: string): AppError =>
  new AppError("UNPROCESSABLE", detail, [
    {
      status: "422",
      code: REGISTRY_ERROR_CODES.noAccount,
      title: "Save your Equasis email and password in your profile first",
      detail,
      source: { pointer: ACCOUNT_POINTER },
    },
  ]);

/**
 * The caller's own Equasis account (spec: the current user's equasis_email). An `email` in the
 * request must be that account: a staff member never signs in with somebody else's.
 */
export const registryAccount = async (
  repo: TVesselRegistryRepository,
  config: TConfig,
  clientId: number,
  email?: string,
): Promise<TRegistryAccount> => {
  const saved = await repo.accountOf(clientId);
  if (!saved?.equasisEmail) throw noAccount("Your profile has no Equasis email.");
  if (email !== undefined && email !== saved.equasisEmail.toLowerCase()) {
    throw AppError.invalid([{ field: "email", message: "is not the Equasis account saved in your profile" }]);
  }
  if (!saved.equasisPassword) throw noAccount("Your profile has no Equasis password.");
  const password = openEquasisPassword(config, saved.equasisPassword);
  if (password === null)
    throw noAccount(
      "The saved Equasis password cannot be read any more (the server's EQUASIS_SECRET changed): save it again.",
    );
  // With an account but no registry to use it on: say so before anything is queued.
  registryClient(config);
  return { email: saved.equasisEmail, password };
};

/** Signs in, runs `fn`, signs out; Equasis failures become JSON:API errors. */
export const withRegistry = async <T>(
  config: TConfig,
  account: TRegistryAccount,
  fn: (session: TEquasisSession) => Promise<T>,
): Promise<T> => {
  let session: TEquasisSession | undefined;
  try {
    session = await registryClient(config).signIn(account.email, account.password);
    return await fn(session);
  } catch (error) {
    if (error instanceof EquasisError) throw registryAppError(error);
    throw error;
  } finally {
    await session?.close();
  }
};
