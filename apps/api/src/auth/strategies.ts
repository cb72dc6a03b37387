import passport from "passport";
import CustomStrategy from "passport-custom";
import type { Request, RequestHandler, Response } from "express";
import { ZGoogleSignInRequest, ZSignInRequest } from "@crew/contracts";
import type { TDb } from "../db/client.js";
import { AppError } from "../errors/app-error.js";
import {
  findAccountByEmail,
  findAccountByGoogleSub,
  linkGoogleSub,
  type TAccount,
} from "./account-repository.js";
import type { TGoogleVerifier } from "./google-verifier.js";
import { hashPassword, verifyPassword } from "./passwords.js";
import { attributesOf } from "./request-body.js";

export const INVALID_CREDENTIALS = "Invalid login credentials. Please try again.";
const GOOGLE_INVALID = "The Google sign-in could not be verified. Please try again.";
const GOOGLE_UNKNOWN = "No account uses this Google address. Ask an administrator to create one.";

type TVerdict = { account: TAccount } | { failure: string };

// An unknown email still costs one argon2 verification, so timing does not tell which addresses exist.
let decoyHash: Promise<string> | undefined;
const decoy = (): Promise<string> => (decoyHash ??= hashPassword(`decoy-${Math.random()}`));

const byPassword = async (db: TDb, body: unknown): Promise<TVerdict> => {
  const parsed = ZSignInRequest.safeParse(attributesOf(body));
  if (!parsed.success) return { failure: INVALID_CREDENTIALS };
  const account = await findAccountByEmail(db, parsed.data.email);
  const matches = await verifyPassword(account?.passwordHash ?? (await decoy()), parsed.data.password);
  return account && account.passwordHash && matches ? { account } : { failure: INVALID_CREDENTIALS };
};

/** Existing accounts only (no self sign-up): by the Google subject, else by a verified address. */
const byGoogle = async (db: TDb, google: TGoogleVerifier, body: unknown): Promise<TVerdict> => {
  const parsed = ZGoogleSignInRequest.safeParse(attributesOf(body));
  if (!parsed.success) return { failure: GOOGLE_INVALID };
  const identity = await google.verify(parsed.data.credential);
  if (!identity) return { failure: GOOGLE_INVALID };
  const bySub = await findAccountByGoogleSub(db, identity.sub);
  if (bySub) return { account: bySub };
  if (!identity.email || !identity.emailVerified) return { failure: GOOGLE_UNKNOWN };
  const byEmail = await findAccountByEmail(db, identity.email);
  // An account already tied to another Google subject is not taken over by address.
  if (!byEmail || (byEmail.googleSub !== null && byEmail.googleSub !== identity.sub))
    return { failure: GOOGLE_UNKNOWN };
  await linkGoogleSub(db, byEmail.id, identity.sub);
  return { account: { ...byEmail, googleSub: identity.sub } };
};

const strategy = (verify: (req: Request) => Promise<TVerdict>) =>
  new CustomStrategy((req, done) => {
    verify(req).then(
      (v) => ("account" in v ? done(null, v.account) : done(null, false, { message: v.failure })),
      (error: unknown) => done(error),
    );
  });

export type TStrategyName = "password" | "google-id-token";

/**
 * A passport instance of our own (not the global one) with the two sign-in strategies.
 * No passport sessions: a successful strategy hands the account to `signIn`, which opens a
 * token session.
 */
export const createStrategies = (db: TDb, google: TGoogleVerifier | null) => {
  const auth = new passport.Authenticator();
  auth.use(
    "password",
    strategy((req) => byPassword(db, req.body)),
  );
  if (google)
    auth.use(
      "google-id-token",
      strategy((req) => byGoogle(db, google, req.body)),
    );

  /** Runs a strategy; resolves the account or rejects with a 401 AppError carrying the reason. */
  const run = (name: TStrategyName, req: Request, res: Response): Promise<TAccount> =>
    new Promise((resolve, reject) => {
      const fail = (err: unknown) => reject(err instanceof Error ? err : new Error(String(err)));
      const middleware = auth.authenticate(
        name,
        { session: false },
        (err: unknown, user: unknown, info: unknown) => {
          if (err) fail(err);
          else if (isAccount(user)) resolve(user);
          else reject(AppError.unauthorized(messageOf(info) ?? INVALID_CREDENTIALS));
        },
      ) as RequestHandler;
      void middleware(req, res, fail);
    });
  return { run };
};

const isAccount = (u: unknown): u is TAccount =>
  typeof u === "object" &&
  u !== null &&
  typeof (u as { id?: unknown }).id === "number" &&
  typeof (u as { email?: unknown }).email === "string";

const messageOf = (info: unknown): string | undefined =>
  typeof info === "object" && info !== null && typeof (info as { message?: unknown }).message === "string"
    ? (info as { message: string }).message
    : undefined;
