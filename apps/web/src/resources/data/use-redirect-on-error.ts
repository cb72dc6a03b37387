import { useEffect } from "react";
import { useNavigate } from "react-router-dom";
import { classifyError, handleApiError } from "../../errors";

/**
 * A load that fails with 401, 403 or 404 leaves the screen for the login, forbidden or
 * not-found page (spec 8.1); other failures stay on the screen, shown by it.
 */
export const useRedirectOnError = (error: unknown): void => {
  const navigate = useNavigate();
  useEffect(() => {
    if (error && classifyError(error).kind === "redirect") handleApiError(error, navigate);
  }, [error, navigate]);
};
