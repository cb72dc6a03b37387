import { useQuery } from "@tanstack/react-query";
import { get } from "./http-client";

/** Deployment settings the server shares without a session (Google sign-in, help document). */
export interface TPublicConfig {
  google_client_id: string | null;
  help_document_url: string | null;
}

const EMPTY: TPublicConfig = { google_client_id: null, help_document_url: null };

export const fetchPublicConfig = async (): Promise<TPublicConfig> => {
  const answer = await get<Partial<TPublicConfig> | undefined>("/public_config", undefined, {
    anonymous: true,
  });
  return {
    google_client_id: answer?.google_client_id || null,
    help_document_url: answer?.help_document_url || null,
  };
};

/** Read once per page load; a missing endpoint just means no Google button and no help document. */
export const usePublicConfig = () =>
  useQuery({
    queryKey: ["public_config", "one", {}],
    queryFn: () => fetchPublicConfig().catch(() => EMPTY),
    staleTime: Infinity,
    gcTime: Infinity,
    retry: false,
  });
