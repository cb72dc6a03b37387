import type { Request, Response } from "express";
import type { TAuthHeader } from "@crew/contracts";

/** The devise_token_auth credentials a client sends with each request and reads back. */
export interface TCredentials {
  accessToken: string;
  device: string;
  uid: string;
}

const headerOf = (req: Pick<Request, "headers">, name: TAuthHeader): string | undefined => {
  const value = req.headers[name];
  return typeof value === "string" && value.length > 0 && value.length <= 512 ? value : undefined;
};

/** Credentials of a request, or null when one is missing (token-type, when sent, must be Bearer). */
export const readCredentials = (req: Pick<Request, "headers">): TCredentials | null => {
  const accessToken = headerOf(req, "access-token");
  const device = headerOf(req, "client");
  const uid = headerOf(req, "uid");
  const tokenType = headerOf(req, "token-type");
  if (!accessToken || !device || !uid) return null;
  if (tokenType !== undefined && tokenType !== "Bearer") return null;
  return { accessToken, device, uid };
};

/** Writes the five headers the client stores; `expiry` is in unix seconds as devise_token_auth sends it. */
export const writeCredentials = (res: Response, c: TCredentials & { expiresAt: Date }): void => {
  res.setHeader("access-token", c.accessToken);
  res.setHeader("token-type", "Bearer");
  res.setHeader("client", c.device);
  res.setHeader("expiry", String(Math.floor(c.expiresAt.getTime() / 1000)));
  res.setHeader("uid", c.uid);
};
