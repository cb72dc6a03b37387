import { crewChanges, pairPlans, type TTogglePlan } from "@crew/contracts";
import { Button, Group, Modal, Skeleton, Stack, Table, Text, TextInput } from "@mantine/core";
import { useQueryClient } from "@tanstack/react-query";
import { Suspense, useState } from "react";
import { create } from "../../api/data-provider";
import { useApiErrorHandler } from "../../errors";
import { notifySuccess } from "../../notices";
import { DateField } from "../../resources/fields/DateKinds";
import { RelationshipSelect } from "../../resources/form/RelationshipSelect";
import { useSession } from "../../session/use-session";
import { PLANNER_MESSAGES } from "./planner-messages";
import { PLANS_KEY } from "./use-planner-data";

export interface TRotationPlan extends TTogglePlan {
  label: string;
  row: string;
}

interface TProps {
  vesselId: number;
  vesselName: string;
  plans: readonly TRotationPlan[];
  onClose: () => void;
}

const today = (): string => new Date().toISOString().slice(0, 10);

/**
 * A crew change made from plans picked on the scheduler (/timeplans/crew-rotation/crew-change/new):
 * the date decides who signs on and who signs off (the midpoint rule), plans of one row pair up
 * (the relief and the seafarer relieved); the server moves the plans to the crew change.
 */
export const CrewRotationDialog = ({ vesselId, vesselName, plans, onClose }: TProps) => {
  const queryClient = useQueryClient();
  const handleError = useApiErrorHandler();
  const { can } = useSession();
  const [date, setDate] = useState(today());
  const [dateSignOn, setDateSignOn] = useState("");
  const [reason, setReason] = useState("");
  const [voyage, setVoyage] = useState("");
  const [port, setPort] = useState<string | null>(null);
  const [portArrived, setPortArrived] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const pairs = pairPlans(plans, date || today());
  const nameOf = (id: number | null) => (id === null ? "—" : (plans.find((p) => p.id === id)?.label ?? String(id)));
  const rowOf = (pair: { sign_on_id: number | null; sign_off_id: number | null }) => plans.find((p) => p.id === (pair.sign_on_id ?? pair.sign_off_id))?.row ?? "";

  const save = async () => {
    setSaving(true);
    setErrors({});
    try {
      await create(
        crewChanges.type,
        { date, date_sign_on: dateSignOn || null, reason: reason || null, voyage_number: voyage || null, crewlists: pairs },
        {
          vessel: { type: "vessels", id: String(vesselId) },
          ...(port ? { port: { type: "ports", id: port } } : {}),
          ...(portArrived ? { port_arrived: { type: "ports", id: portArrived } } : {}),
        },
      );
      await queryClient.invalidateQueries({ queryKey: PLANS_KEY });
      await queryClient.invalidateQueries({ queryKey: ["crew_changes"] });
      notifySuccess(PLANNER_MESSAGES.crewChangeCreated);
      onClose();
    } catch (e) {
      const action = handleError(e);
      if (action.kind === "fields") setErrors(action.fields);
    } finally {
      setSaving(false);
    }
  };
  const pairErrors = Object.entries(errors).filter(([field]) => field.startsWith("crewlists"));

  return (
    <Modal opened onClose={onClose} title={`Crew change · ${vesselName}`} size="lg" data-testid="crew-rotation">
      <Stack>
        <Group grow align="flex-start">
          <Suspense fallback={<Skeleton height={58} />}>
            <DateField label="Date" value={date} onChange={setDate} required error={errors.date} />
            <DateField label="Sign-on date (if later)" value={dateSignOn} onChange={setDateSignOn} error={errors.date_sign_on} />
          </Suspense>
        </Group>
        {can("ports", "read") && (
          <Group grow align="flex-start">
            <RelationshipSelect type="ports" label="Port" value={port} onChange={setPort} error={errors.port} />
            <RelationshipSelect type="ports" label="Arrived from" value={portArrived} onChange={setPortArrived} error={errors.port_arrived} />
          </Group>
        )}
        <Group grow align="flex-start">
          <TextInput label="Reason" value={reason} onChange={(e) => setReason(e.currentTarget.value)} error={errors.reason} />
          <TextInput label="Voyage number" value={voyage} onChange={(e) => setVoyage(e.currentTarget.value)} error={errors.voyage_number} />
        </Group>
        <Table striped withTableBorder data-testid="rotation-pairs">
          <Table.Thead>
            <Table.Tr><Table.Th>Row</Table.Th><Table.Th>Signs on</Table.Th><Table.Th>Signs off</Table.Th></Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {pairs.map((p) => (
              <Table.Tr key={`${p.sign_on_id}-${p.sign_off_id}`}>
                <Table.Td>{rowOf(p)}</Table.Td>
                <Table.Td>{nameOf(p.sign_on_id)}</Table.Td>
                <Table.Td>{nameOf(p.sign_off_id)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        {pairErrors.map(([field, message]) => <Text key={field} c="red" size="sm">{field}: {message}</Text>)}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>Cancel</Button>
          <Button onClick={() => void save()} loading={saving} disabled={!date || pairs.length === 0} data-testid="rotation-save">Create the crew change</Button>
        </Group>
      </Stack>
    </Modal>
  );
};
