import { QueryClient } from "@tanstack/react-query";
import { isApiError } from "../api/api-error";

/**
 * Retry only what may pass on a second try (no answer, 5xx); a 4xx answer will not
 * change. Lists stay fresh for 30 s so moving between tabs does not refetch every time.
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      refetchOnWindowFocus: false,
      retry: (failures, error) =>
        failures < 2 && (!isApiError(error) || error.status === 0 || error.status >= 500),
    },
    mutations: { retry: false },
  },
});
