import {
  crewChanges,
  crewLists,
  timePlans,
  toggleCrewListPlan,
  type TCrewListToggle,
  type TToggleRow,
} from "@crew/contracts";
import { useQuery } from "@tanstack/react-query";
import { create, getList, getOne, queryKeys, remove, update } from "../../api";
import { isApiError } from "../../api/api-error";
import { recordOf, type TRecordOf } from "../../api/record-types";
import { notifyError } from "../../notices";
import { useResourceMutation } from "../../resources/data/use-resource-mutation";
import { PLANNER_MESSAGES } from "../planner/planner-messages";

export type TCrewChangeRecord = TRecordOf<typeof crewChanges>;
export type TCrewListRecord = TRecordOf<typeof crewLists>;
export type TCrewPlanRecord = TRecordOf<typeof timePlans>;

export const crewChangeKey = (id: string) => [...queryKeys.one(crewChanges, id), { crewList: true }] as const;

/**
 * A crew change with its crew list (spec 002 §7: GET /crew_changes/{id} with crew_lists, port,
 * port_arrived and vessel, then the timeplans of the collected sign ids): `crewList` rows in
 * the order of the manning scale and `timeplansById`.
 */
export const useCrewChange = (id: string | undefined) =>
  useQuery({
    queryKey: crewChangeKey(id ?? ""),
    enabled: Boolean(id),
    queryFn: async ({ signal }) => {
      const one = await getOne(
        crewChanges.type,
        id ?? "",
        { include: ["crew_lists", "port", "port_arrived", "vessel"] },
        signal,
      );
      const crewList = one.included
        .filter((r) => r.type === crewLists.type)
        .map((r) => recordOf(crewLists, r))
        .sort(
          (a, b) =>
            (a.attributes.role_priority ?? 0) - (b.attributes.role_priority ?? 0) ||
            Number(a.id) - Number(b.id),
        );
      const signIds = crewList
        .flatMap((r) => [r.attributes.sign_on_id, r.attributes.sign_off_id])
        .filter((v): v is number => typeof v === "number");
      const plans = signIds.length
        ? await getList(timePlans.type, { perPage: 999, filter: { ids: signIds.join(",") } }, signal)
        : null;
      const timeplansById = new Map((plans?.data ?? []).map((p) => [p.id, recordOf(timePlans, p)]));
      return { crewChange: recordOf(crewChanges, one.data), crewList, timeplansById };
    },
  });

export const toToggleRows = (rows: readonly TCrewListRecord[]): TToggleRow[] =>
  rows.map((r) => ({
    id: r.id,
    sign_on_id: r.attributes.sign_on_id ?? null,
    sign_off_id: r.attributes.sign_off_id ?? null,
    ms_id: r.attributes.ms_id ?? null,
  }));

/**
 * Picking a plan for a crew change's list (select mode, spec 002 §4): the contracts' rule says
 * what changes; this sends it (PATCH, DELETE or POST crew_lists) and reloads. A 422 shows its
 * title and message; an inconsistent list shows 'Something went wrong' (the debug line goes to
 * the console).
 */
export const useCrewListToggle = (
  crewChangeId: string,
  date: string | undefined,
  rows: readonly TCrewListRecord[],
) => {
  const toggling = useResourceMutation<TCrewListToggle>({
    mutationFn: async (step) => {
      switch (step.kind) {
        case "inconsistent":
          console.debug(step.debug);
          throw new InconsistentList(step.message);
        case "clear":
          return update(crewLists.type, step.rowId, { [step.side]: null });
        case "delete":
          return remove(crewLists.type, step.rowId);
        case "fill":
          return update(crewLists.type, step.rowId, { [step.side]: step.planId });
        case "create":
          return create(
            crewLists.type,
            { [step.side]: step.planId },
            { crew_change: { type: crewChanges.type, id: crewChangeId } },
          );
      }
    },
    notice: PLANNER_MESSAGES.crewListUpdated,
    invalidates: [crewChanges, timePlans],
    // What the server kept shows after a refusal too (and after an inconsistent list).
    reloadOnFailure: true,
    refusal: (error) => {
      if (error instanceof InconsistentList) {
        notifyError(error.message);
        return true;
      }
      // Spec 002 §8: a 422 shows the first error's title with the message.
      const first = isApiError(error) && error.status === 422 ? error.apiErrors[0] : undefined;
      if (!first) return false;
      // notifyError(message, title): the error's title heads its message; a title alone is the message.
      const detailed = Boolean(first.detail && first.detail !== first.title);
      notifyError(
        detailed ? first.detail : first.title,
        detailed ? first.title : "The crew list was not changed",
      );
      return true;
    },
  });
  return async (plan: TCrewPlanRecord): Promise<void> => {
    if (!date) return;
    const step = toggleCrewListPlan(
      toToggleRows(rows),
      {
        id: Number(plan.id),
        ms_id: plan.attributes.ms_id ?? -1,
        start: plan.attributes.start,
        end: plan.attributes.end,
      },
      date,
    );
    await toggling.attempt(step);
  };
};

/** The contracts' rule found the list in a state it cannot change: 'Something went wrong'. */
class InconsistentList extends Error {}
