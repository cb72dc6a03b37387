import { OAuth2Client } from "google-auth-library";
import type { TConfig } from "../config.js";

export interface TGoogleIdentity {
  sub: string;
  email: string | null;
  emailVerified: boolean;
}

export interface TGoogleVerifier {
  /** The identity in a Google ID token, or null when the token is not valid for this client id. */
  verify(idToken: string): Promise<TGoogleIdentity | null>;
}

/**
 * Verifies Google ID tokens against GOOGLE_CLIENT_ID with Google's certificates (cached
 * per their max-age). GOOGLE_CERTS_URL replaces Google's certificates address so tests can
 * serve keys they generated. Null when Google sign-in is not configured.
 */
export const createGoogleVerifier = (
  config: Pick<TConfig, "GOOGLE_CLIENT_ID" | "GOOGLE_CERTS_URL">,
): TGoogleVerifier | null => {
  const clientId = config.GOOGLE_CLIENT_ID;
  if (!clientId) return null;
  const client = new OAuth2Client({
    clientId,
    ...(config.GOOGLE_CERTS_URL
      ? { endpoints: { oauth2FederatedSignonPemCertsUrl: config.GOOGLE_CERTS_URL } }
      : {}),
  });
  return {
    async verify(idToken) {
      let payload;
      try {
        payload = (await client.verifyIdToken({ idToken, audience: clientId })).getPayload();
      } catch (error) {
        // A failure to fetch the certificates is our fault, not a bad token.
        if (
          error instanceof Error &&
          error.message.startsWith("Failed to retrieve verification certificates")
        )
          throw error;
        return null;
      }
      if (!payload?.sub) return null;
      return {
        sub: payload.sub,
        email: payload.email?.toLowerCase() ?? null,
        emailVerified: payload.email_verified === true,
      };
    },
  };
};
