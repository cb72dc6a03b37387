import { useCallback } from "react";
import { useLocation, useNavigate, useParams } from "react-router-dom";

/**
 * Closes a dialog back to where it was opened: the record's tab when it was opened over a
 * record (`{base}/:id/:tab/edit`), else the list under it with its page, sort, filter and
 * search. The dialog's address is replaced, so Back after a save or a cancel goes where the
 * user was before the dialog and never opens the form again (issue 22.7).
 */
export const useBackToList = (base: string): (() => void) => {
  const navigate = useNavigate();
  const { search } = useLocation();
  const { id, tab } = useParams();
  const pathname = id && tab ? `${base}/${id}/${tab}` : base;
  return useCallback(
    () => void navigate({ pathname, search }, { replace: true }),
    [navigate, pathname, search],
  );
};

/** After a record is deleted: its list (the record's own tabs are gone with it). */
export const useToList = (base: string): (() => void) => {
  const navigate = useNavigate();
  return useCallback(() => void navigate({ pathname: base }, { replace: true }), [navigate, base]);
};
