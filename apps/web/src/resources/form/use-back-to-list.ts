import { useCallback } from "react";
import { useLocation, useNavigate } from "react-router-dom";

/** Back to the list under a dialog, keeping its page, sort, filter and search. */
export const useBackToList = (base: string): (() => void) => {
  const navigate = useNavigate();
  const { search } = useLocation();
  return useCallback(() => void navigate({ pathname: base, search }), [navigate, base, search]);
};
