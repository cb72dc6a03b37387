import { useCallback } from "react";
import { useNavigate } from "react-router-dom";
import { handleApiError } from "./handle-api-error";
import type { TErrorAction } from "./error-action";

/** handleApiError bound to the current router, for components. */
export const useApiErrorHandler = (): ((error: unknown) => TErrorAction) => {
  const navigate = useNavigate();
  return useCallback((error: unknown) => handleApiError(error, navigate), [navigate]);
};
