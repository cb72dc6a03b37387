import { owners, vessels } from "@crew/contracts";
import { SimpleGrid } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import {
  addToRelationship,
  create,
  getList,
  queryKeys,
  remove,
  removeFromRelationship,
  type TListParams,
  type TResourceRef,
} from "../../api";
import { recordOf } from "../../api/record-types";
import type { TOneRecord, TResourceRecord } from "../../resources/data/resource-types";
import { indexIncluded } from "../../resources/data/resource-client";
import { relatedTitle } from "../../resources/list/columns";
import { useSession } from "../../session/use-session";
import { LinkedRecords, type TLinkedRecord, type TLinkedRecordsProps } from "../fleet/LinkedRecords";
import { ASSIGNMENT_NOTICES } from "./crew-user-messages";

/** How one list of the crew user's links is written and who may write it. */
type TLinkedWrites = Pick<TLinkedRecordsProps, "mayAdd" | "mayRemove" | "onAdd" | "onRemove" | "invalidates">;

/** Assignments of one client through a link resource (assign_vessels, assign_owners), newest last. */
const useAssignments = (
  type: "assign_vessels" | "assign_owners",
  clientId: string,
  related: "vessel" | "owner",
) => {
  const params: TListParams = {
    page: 1,
    perPage: 999,
    sort: "created_at",
    filter: { client_id: clientId },
    include: [related],
  };
  return useQuery({
    queryKey: queryKeys.list(type, params),
    queryFn: async ({ signal }) => {
      const page = await getList(type, params, signal);
      const included = indexIncluded(page.included);
      return page.data.map((row): TLinkedRecord => {
        const target = row.relationships?.[related]?.data;
        const id = target && !Array.isArray(target) ? target.id : "";
        return {
          key: row.id,
          label: relatedTitle(row, related, included) || `#${id}`,
          href: related === "vessel" ? `/vessels/${id}/details` : `/owners/${id}/details`,
        };
      });
    },
  });
};

/** Related records of the crew user named from `included` (its to-many relationships). */
const linked = (
  one: TOneRecord,
  name: string,
  base: string,
  detail?: (record: TResourceRecord) => string,
): TLinkedRecord[] => {
  const data = one.record.relationships?.[name]?.data;
  if (!Array.isArray(data)) return [];
  return data.map((d) => {
    const record = one.included.get(`${d.type}:${d.id}`);
    const title = record ? titleOf(record) : "";
    return {
      key: d.id,
      label: title || `#${d.id}`,
      href: `${base}/${d.id}/details`,
      ...(record && detail ? { detail: detail(record) } : {}),
    };
  });
};

/** A linked vessel's name or an owner's title, typed by its definition. */
const titleOf = (record: TResourceRecord): string =>
  record.type === vessels.type
    ? recordOf(vessels, record).attributes.name
    : record.type === owners.type
      ? recordOf(owners, record).attributes.title
      : "";

/**
 * A crew user's place in the fleet (spec 002 §2, §8): the vessels they coordinate and those
 * they recruit for, the owners whose fleets they recruit for and those they inspect, each
 * with assign and unassign and the spec's notices.
 */
export const CrewUserAssignments = ({ one }: { one: TOneRecord }) => {
  const { can } = useSession();
  const clientId = one.record.id;
  const vesselLinks = useAssignments("assign_vessels", clientId, "vessel");
  const ownerLinks = useAssignments("assign_owners", clientId, "owner");
  const mayRelate = can("crewUsers", "update") && can("crewUsers.assignments", "update");
  const imo = (r: TResourceRecord) => {
    const value = recordOf(vessels, r).attributes.imo;
    return value ? `IMO ${value}` : "";
  };
  const shortTitle = (r: TResourceRecord) => recordOf(owners, r).attributes.short_title ?? "";

  /** Writing the crew user's own to-many relationship (coordinated vessels, inspected owners). */
  const inPlace = (relationship: "vessels" | "owners"): TLinkedWrites => ({
    mayAdd: mayRelate,
    mayRemove: mayRelate,
    onAdd: (o) => addToRelationship("clients", clientId, relationship, [{ type: relationship, id: o.value }]),
    onRemove: (r) =>
      removeFromRelationship("clients", clientId, relationship, [{ type: relationship, id: r.key }]),
    invalidates: ["clients", relationship],
  });

  /** Creating and deleting link records (assign_vessels, assign_owners), under their own permission. */
  const throughLinks = (
    type: "assign_vessels" | "assign_owners",
    permission: "vessels.assignedUsers" | "owners.assignedRecruiters",
    related: "vessel" | "owner",
    refreshed: readonly TResourceRef[],
  ): TLinkedWrites => ({
    mayAdd: can(permission, "create"),
    mayRemove: can(permission, "delete"),
    onAdd: (o) =>
      create(
        type,
        {},
        { [related]: { type: `${related}s`, id: o.value }, client: { type: "clients", id: clientId } },
      ),
    onRemove: (r) => remove(type, r.key),
    invalidates: [type, ...refreshed],
  });

  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
      {can("vessels", "read") ? (
        <LinkedRecords
          title="Coordinated vessels"
          type="vessels"
          pickerLabel="Vessel"
          records={linked(one, "coordinated_vessels", "/vessels", imo)}
          empty="Coordinates no vessel."
          {...inPlace("vessels")}
          added={() => ASSIGNMENT_NOTICES.coordinatorAssigned}
          removed={ASSIGNMENT_NOTICES.coordinatorUnassigned}
          testId="coordinated-vessels"
        />
      ) : null}
      {can("vessels.assignedUsers", "read") ? (
        <LinkedRecords
          title="Assigned vessels (recruiter)"
          type="vessels"
          pickerLabel="Vessel"
          loading={vesselLinks.isLoading}
          records={vesselLinks.data ?? []}
          empty="Recruits for no vessel."
          {...throughLinks("assign_vessels", "vessels.assignedUsers", "vessel", ["vessels"])}
          added={ASSIGNMENT_NOTICES.vesselAssigned}
          removed={ASSIGNMENT_NOTICES.vesselUnassigned}
          testId="assigned-vessels"
        />
      ) : null}
      {can("owners.assignedRecruiters", "read") ? (
        <LinkedRecords
          title="Recruited fleets"
          type="owners"
          pickerLabel="Owner"
          loading={ownerLinks.isLoading}
          records={ownerLinks.data ?? []}
          empty="Recruits for no owner's fleet."
          {...throughLinks("assign_owners", "owners.assignedRecruiters", "owner", ["clients", "owners"])}
          added={ASSIGNMENT_NOTICES.ownerAssigned}
          removed={ASSIGNMENT_NOTICES.ownerUnassigned}
          testId="recruited-fleets"
        />
      ) : null}
      {can("owners", "read") ? (
        <LinkedRecords
          title="Crew inspector of"
          type="owners"
          pickerLabel="Owner"
          records={linked(one, "owners", "/owners", shortTitle)}
          empty="Inspects no owner's fleet."
          {...inPlace("owners")}
          added={ASSIGNMENT_NOTICES.inspectorAssigned}
          removed={ASSIGNMENT_NOTICES.inspectorUnassigned}
          testId="inspected-owners"
        />
      ) : null}
    </SimpleGrid>
  );
};
