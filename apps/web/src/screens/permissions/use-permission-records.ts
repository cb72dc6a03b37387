import { MAX_PAGE_SIZE, type TRole } from "@crew/contracts";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback, useMemo } from "react";
import { getList, queryKeys, update, type TListParams, type TListResult } from "../../api";
import { useApiErrorHandler } from "../../errors";
import { notifySuccess } from "../../notices";
import type { TPermissionFlag } from "./permission-tree";

export const PERMISSION_UPDATED_MESSAGE = "Permission updated successfully";

/** Spec 000 7.5 and 6.2: all of a role's default records at once, sorted by item. */
const paramsOf = (role: TRole): TListParams => ({
  page: 1,
  perPage: MAX_PAGE_SIZE,
  sort: "item",
  filter: { role, only_role: "true" },
});

export const usePermissionRecords = (role: TRole) => {
  const queryClient = useQueryClient();
  const handleError = useApiErrorHandler();
  const params = useMemo(() => paramsOf(role), [role]);
  const queryKey = useMemo(() => queryKeys.list("permissions", params), [params]);
  const records = useQuery({
    queryKey,
    queryFn: ({ signal }) => getList("permissions", params, signal),
  });

  const setFlag = useCallback(
    (id: string, flag: TPermissionFlag, value: boolean) =>
      queryClient.setQueryData<TListResult>(queryKey, (old) =>
        old
          ? {
              ...old,
              data: old.data.map((r) =>
                r.id === id ? { ...r, attributes: { ...r.attributes, [flag]: value } } : r,
              ),
            }
          : old,
      ),
    [queryClient, queryKey],
  );

  /**
   * Flips one flag on screen at once and sends it; on failure only that flag goes back, so
   * other switches flipped meanwhile keep their new values.
   */
  const toggle = useCallback(
    async (id: string, flag: TPermissionFlag, value: boolean) => {
      await queryClient.cancelQueries({ queryKey });
      setFlag(id, flag, value);
      try {
        await update("permissions", id, { [flag]: value });
        notifySuccess(PERMISSION_UPDATED_MESSAGE, undefined, { id: "permission-updated" });
      } catch (error) {
        setFlag(id, flag, !value);
        handleError(error);
      }
    },
    [queryClient, queryKey, setFlag, handleError],
  );

  return { records, toggle };
};
