import type { TResourceIdentifier } from "@crew/contracts";
import { Paper, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { useState } from "react";
import { create, remove, replaceRelationship, update } from "../../api";
import type { TOneRecord } from "../../resources/data/resource-types";
import { useResourceMutation } from "../../resources/data/use-resource-mutation";
import { readableWith } from "../../resources/data/use-resource-queries";
import { relatedTitle } from "../../resources/list/columns";
import { RelationshipSelect } from "../../resources/form/RelationshipSelect";
import { useSession } from "../../session/use-session";
import { FLEET_NOTICES } from "./vessel-messages";

type TSlot = "owner" | "manager" | "coordinator";
interface TChoice {
  value: string | null;
  label: string;
}

const linkOf = (one: TOneRecord, name: string): string | null => {
  const data = one.record.relationships?.[name]?.data;
  return data && !Array.isArray(data) ? data.id : null;
};

/**
 * A vessel's owner, manager and crew coordinator (spec 002 §4): each picker shows the choice at
 * once and then tells the server: a new owner or manager is a link record created, changed or
 * deleted (owner_vessels, manager_vessels); the coordinator is the vessel's relationship
 * (PATCH with update_from_equasis false). On failure the old value comes back.
 */
export const VesselCompanies = ({ one }: { one: TOneRecord }) => {
  const { can } = useSession();
  const readable = readableWith(can);
  const [pending, setPending] = useState<Partial<Record<TSlot, TChoice>>>({});
  const vesselId = one.record.id;
  const vessel: TResourceIdentifier = { type: "vessels", id: vesselId };

  const current = (slot: TSlot): TChoice =>
    pending[slot] ?? { value: linkOf(one, slot), label: relatedTitle(one.record, slot, one.included) };

  const write = async ({ slot, next }: { slot: TSlot; next: TChoice }): Promise<void> => {
    const link = slot === "coordinator" ? null : linkOf(one, `${slot}_vessel`);
    const linkType = slot === "owner" ? "owner_vessels" : "manager_vessels";
    const target: TResourceIdentifier | null = next.value
      ? { type: slot === "owner" ? "owners" : slot === "manager" ? "managers" : "clients", id: next.value }
      : null;
    if (slot === "coordinator") {
      await replaceRelationship("vessels", vesselId, "coordinator", target, { update_from_equasis: false });
    } else if (link && target) {
      await update(linkType, link, {}, { [slot]: target });
    } else if (!link && target) {
      await create(linkType, {}, { [slot]: target, vessel });
    } else if (link && !target) {
      await remove(linkType, link);
    }
  };

  // Confirmed: the record read again shows it; refused: the old value returns.
  const settle = ({ slot }: { slot: TSlot }) => setPending((p) => ({ ...p, [slot]: undefined }));
  const writing = useResourceMutation<{ slot: TSlot; next: TChoice }>({
    mutationFn: write,
    onSuccess: (_, variables) => settle(variables),
    onFailure: (_action, _error, variables) => settle(variables),
    invalidates: ["vessels"],
    notice: (_, { slot, next }) => {
      const set =
        slot === "owner"
          ? FLEET_NOTICES.ownerSet
          : slot === "manager"
            ? FLEET_NOTICES.managerSet
            : FLEET_NOTICES.coordinatorSet;
      const cleared =
        slot === "owner"
          ? FLEET_NOTICES.ownerDeleted
          : slot === "manager"
            ? FLEET_NOTICES.managerDeleted
            : FLEET_NOTICES.coordinatorDeleted;
      return next.value ? set(next.label) : cleared;
    },
  });

  const change = (slot: TSlot, next: TChoice) => {
    if (next.value === current(slot).value) return;
    setPending((p) => ({ ...p, [slot]: next }));
    writing.mutate({ slot, next });
  };

  const picker = (
    slot: TSlot,
    type: string,
    label: string,
    key: "vessels.owner" | "vessels.manager" | "vessels.coordinator",
  ) => {
    const choice = current(slot);
    if (!readable(type)) return null;
    return can(key, "update") ? (
      <RelationshipSelect
        label={label}
        type={type}
        value={choice.value}
        selectedLabel={choice.label}
        placeholder={`No ${label.toLowerCase()}`}
        clearable
        // Mantine hides the clear button from assistive technology; here it is the way to remove the link.
        clearButtonProps={{ "aria-label": `Clear ${label.toLowerCase()}`, "aria-hidden": false, tabIndex: 0 }}
        onChange={() => undefined}
        onChangeOption={(option) =>
          change(slot, { value: option?.value ?? null, label: option?.label ?? "" })
        }
      />
    ) : (
      <Stack gap={2}>
        <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
          {label}
        </Text>
        <Text size="sm">{choice.label || "—"}</Text>
      </Stack>
    );
  };

  return (
    <Paper withBorder p={{ base: "md", sm: "lg" }} shadow="xs">
      <Title order={3} fz="md" fw={650} mb="sm">
        Owner, manager and crew coordinator
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
        {picker("owner", "owners", "Owner", "vessels.owner")}
        {picker("manager", "managers", "Manager", "vessels.manager")}
        {picker("coordinator", "clients", "Crew coordinator", "vessels.coordinator")}
      </SimpleGrid>
    </Paper>
  );
};
