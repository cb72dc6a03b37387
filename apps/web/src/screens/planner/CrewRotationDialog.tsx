import { crewChanges, pairPlans, timePlans } from "@crew/contracts";
import { Alert, Button, Group, List, Modal, Skeleton, Stack, Table, Text, TextInput } from "@mantine/core";
import { IconAlertTriangle } from "@tabler/icons-react";
import { Suspense, useState } from "react";
import { useFormGuard } from "../../resources/form/form-guard";
import { create } from "../../api/data-provider";
import { useResourceMutation } from "../../resources/data/use-resource-mutation";
import { declaredRuleErrors } from "../../resources/form/form-model";
import { DateField } from "../../resources/fields/DateKinds";
import { RelationshipSelect } from "../../resources/form/RelationshipSelect";
import { useSession } from "../../session/use-session";
import { PLANNER_MESSAGES } from "./planner-messages";
import { dmy, meetingDate, rotationMoves, type TRotationPlan } from "./rotation-moves";

export type { TRotationPlan } from "./rotation-moves";

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
 * (the relief and the seafarer relieved); the server moves the plans to the crew change. The
 * date starts where the plans meet, the port is required (a crew change happens at a port), and
 * before anything is saved the user confirms every plan whose dates will change (issue 22).
 */
export const CrewRotationDialog = ({ vesselId, vesselName, plans, onClose }: TProps) => {
  const { can } = useSession();
  const [initialDate] = useState(() => meetingDate(plans) || today());
  const [date, setDate] = useState(initialDate);
  const [dateSignOn, setDateSignOn] = useState("");
  const [reason, setReason] = useState("");
  const [voyage, setVoyage] = useState("");
  const [port, setPort] = useState<string | null>(null);
  const [portArrived, setPortArrived] = useState<string | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [reviewing, setReviewing] = useState(false);
  // Closing after typing asks first, as every form does (issue 22.11).
  const guard = useFormGuard(
    onClose,
    date !== initialDate || Boolean(dateSignOn || reason || voyage || port || portArrived),
  );
  const pairs = pairPlans(plans, date || today());
  const moves = rotationMoves(plans, date, dateSignOn);
  const mayPickPort = can("ports", "read");
  const needsPort = mayPickPort && !port;
  const nameOf = (id: number | null) =>
    id === null ? "—" : (plans.find((p) => p.id === id)?.label ?? String(id));
  const rowOf = (pair: { sign_on_id: number | null; sign_off_id: number | null }) =>
    plans.find((p) => p.id === (pair.sign_on_id ?? pair.sign_off_id))?.row ?? "";

  const attributes = {
    date,
    date_sign_on: dateSignOn || null,
    reason: reason || null,
    voyage_number: voyage || null,
    crewlists: pairs,
  };
  const creating = useResourceMutation({
    mutationFn: () =>
      create(crewChanges.type, attributes, {
        vessel: { type: "vessels", id: String(vesselId) },
        ...(port ? { port: { type: "ports", id: port } } : {}),
        ...(portArrived ? { port_arrived: { type: "ports", id: portArrived } } : {}),
      }),
    // The server moves the plans to the crew change.
    invalidates: [timePlans, crewChanges],
    notice: PLANNER_MESSAGES.crewChangeCreated,
    onSuccess: () => {
      guard.finish();
      onClose();
    },
    onFailure: (action) => {
      if (action?.kind === "fields") setErrors(action.fields);
    },
  });
  const saving = creating.isPending;
  const save = () => {
    setReviewing(false);
    setErrors({});
    creating.mutate();
  };
  const pairErrors = Object.entries(errors).filter(([field]) => field.startsWith("crewlists"));
  // The definition's rules (sign-on not before the date) hold the save back, as in every form;
  // then plans that move are confirmed first, and a crew change that moves none is saved at once.
  const onSave = () => {
    const broken = declaredRuleErrors(crewChanges, attributes);
    setErrors(broken);
    if (Object.keys(broken).length > 0) return;
    if (moves.length > 0) setReviewing(true);
    else save();
  };

  if (reviewing) {
    return (
      <Modal
        opened
        onClose={() => setReviewing(false)}
        title={`Crew change · ${vesselName} · ${dmy(date)}`}
        size="lg"
        data-testid="crew-rotation"
      >
        <Stack data-testid="rotation-review">
          <Text size="sm">These plans will change their dates:</Text>
          <Table.ScrollContainer minWidth={460}>
            <Table withTableBorder data-testid="rotation-moves">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Seafarer</Table.Th>
                  <Table.Th>Row</Table.Th>
                  <Table.Th>From</Table.Th>
                  <Table.Th>To</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {moves.map((m) => (
                  <Table.Tr key={m.id}>
                    <Table.Td>{m.label}</Table.Td>
                    <Table.Td>{m.row}</Table.Td>
                    <Table.Td>
                      {dmy(m.from.start)} – {dmy(m.from.end)}
                    </Table.Td>
                    <Table.Td fw={600}>
                      {dmy(m.to.start)} – {dmy(m.to.end)}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          {moves.some((m) => m.beforeReadiness) && (
            <Alert
              color="orange"
              icon={<IconAlertTriangle size={18} />}
              title="Before the readiness date"
              data-testid="rotation-readiness"
            >
              <List size="sm">
                {moves.flatMap((m) =>
                  m.beforeReadiness
                    ? [
                        <List.Item key={m.id}>
                          {m.label} would start on {dmy(m.to.start)} but is ready only on{" "}
                          {dmy(m.beforeReadiness)}.
                        </List.Item>,
                      ]
                    : [],
                )}
              </List>
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setReviewing(false)}>
              Back
            </Button>
            <Button onClick={save} loading={saving} data-testid="rotation-confirm">
              Change these dates and create
            </Button>
          </Group>
        </Stack>
      </Modal>
    );
  }

  return (
    <Modal
      opened
      onClose={guard.asking ? guard.keepEditing : guard.requestClose}
      title={guard.asking ? "Discard your changes?" : `Crew change · ${vesselName}`}
      size="lg"
      data-testid="crew-rotation"
    >
      {guard.confirm}
      <Stack display={guard.asking ? "none" : undefined}>
        <Group grow align="flex-start">
          <Suspense fallback={<Skeleton height={58} />}>
            <DateField label="Date" value={date} onChange={setDate} required error={errors.date} />
            <DateField
              label="Sign-on date (if later)"
              value={dateSignOn}
              onChange={setDateSignOn}
              error={errors.date_sign_on}
            />
          </Suspense>
        </Group>
        {mayPickPort && (
          <Group grow align="flex-start">
            <RelationshipSelect
              type="ports"
              label="Port"
              value={port}
              onChange={setPort}
              error={errors.port}
              required
            />
            <RelationshipSelect
              type="ports"
              label="Arrived from"
              value={portArrived}
              onChange={setPortArrived}
              error={errors.port_arrived}
            />
          </Group>
        )}
        <Group grow align="flex-start">
          <TextInput
            label="Reason"
            value={reason}
            onChange={(e) => setReason(e.currentTarget.value)}
            error={errors.reason}
          />
          <TextInput
            label="Voyage number"
            value={voyage}
            onChange={(e) => setVoyage(e.currentTarget.value)}
            error={errors.voyage_number}
          />
        </Group>
        <Table striped withTableBorder data-testid="rotation-pairs">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Row</Table.Th>
              <Table.Th>Signs on</Table.Th>
              <Table.Th>Signs off</Table.Th>
            </Table.Tr>
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
        {needsPort && (
          <Text size="sm" c="dimmed">
            Choose the port: a crew change happens at a port.
          </Text>
        )}
        {pairErrors.map(([field, message]) => (
          <Text key={field} c="red" size="sm">
            {message}
          </Text>
        ))}
        <Group justify="flex-end">
          <Button variant="default" onClick={guard.requestClose}>
            Cancel
          </Button>
          <Button
            onClick={onSave}
            loading={saving}
            disabled={!date || pairs.length === 0 || needsPort}
            data-testid="rotation-save"
          >
            Create the crew change
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
};
