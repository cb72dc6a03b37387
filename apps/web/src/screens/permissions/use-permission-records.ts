import { MAX_PAGE_SIZE, permissionRecords, type TRole } from "@crew/contracts";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback, useMemo } from "react";
import { getList, queryKeys, update, type TListParams, type TListResult } from "../../api";
import { notifySuccess } from "../../notices";
import { useResourceMutation } from "../../resources/data/use-resource-mutation";
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
  const params = useMemo(() => paramsOf(role), [role]);
  const queryKey = useMemo(() => queryKeys.list(permissionRecords, params), [params]);
  const records = useQuery({
    queryKey,
    queryFn: ({ signal }) => getList(permissionRecords.type, params, signal),
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

  // The screen shows the flag before the answer, so nothing reloads; one notice however many flips.
  const flagging = useResourceMutation<{ id: string; flag: TPermissionFlag; value: boolean }>({
    mutationFn: ({ id, flag, value }) => update(permissionRecords.type, id, { [flag]: value }),
    onSuccess: () => notifySuccess(PERMISSION_UPDATED_MESSAGE, undefined, { id: "permission-updated" }),
    onFailure: (_action, _error, { id, flag, value }) => setFlag(id, flag, !value),
  });

  /**
   * Flips one flag on screen at once and sends it; on failure only that flag goes back, so
   * other switches flipped meanwhile keep their new values.
   */
  const toggle = async (id: string, flag: TPermissionFlag, value: boolean) => {
    await queryClient.cancelQueries({ queryKey });
    setFlag(id, flag, value);
    await flagging.attempt({ id, flag, value });
  };

  return { records, toggle };
};
