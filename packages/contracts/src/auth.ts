import { z } from "zod";
import { ZRole, ZCrewUserStatus } from "./roles.js";
import { ZPermissionMap } from "./permissions/flags.js";

/** The five devise_token_auth headers: sent with every authenticated request, rotated in answers. */
export const AUTH_HEADERS = ["access-token", "token-type", "client", "expiry", "uid"] as const;
export type TAuthHeader = (typeof AUTH_HEADERS)[number];
/** Local storage keys of the session (spec 000 section 4.1). */
export const SESSION_STORAGE_KEYS = [...AUTH_HEADERS, "clientId"] as const;

export const ZSignInRequest = z.object({
  email: z.string().trim().toLowerCase().email().max(255),
  password: z.string().min(1).max(200),
});
export type TSignInRequest = z.infer<typeof ZSignInRequest>;

export const ZGoogleSignInRequest = z.object({
  credential: z.string().min(10).max(10_000),
});

export const ZCurrentUser = z.object({
  id: z.number().int(),
  clientId: z.number().int(),
  name: z.string(),
  email: z.string(),
  avatar: z.string().nullable(),
  status: ZCrewUserStatus,
  role: ZRole,
  equasis_email: z.string().nullable(),
  permissions: ZPermissionMap,
});
export type TCurrentUser = z.infer<typeof ZCurrentUser>;

/** Answer of sign_in and validate_token (devise_token_auth shape: `data` is the user). */
export const ZSessionAnswer = z.object({ success: z.boolean().optional(), data: ZCurrentUser });
export type TSessionAnswer = z.infer<typeof ZSessionAnswer>;
