import { vessels, ZImo } from "@crew/contracts";
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  Loader,
  Modal,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import { IconAlertTriangle, IconSearch, IconShip } from "@tabler/icons-react";
import { useState } from "react";
import { Link, useNavigate } from "react-router-dom";
import { z } from "zod";
import { runActionFor } from "../../api";
import { useResourceMutation } from "../../resources/data/use-resource-mutation";
import { EquasisAccountForm } from "./EquasisAccountForm";
import { registryRefusalOf, type TRegistryProblem } from "./registry-errors";
import { VESSEL_MESSAGES } from "./vessel-messages";
import { formatNumber } from "../../lib/numbers";

const ZRegistryShip = z.object({
  id: z.string(),
  attributes: z.object({
    imo: z.string(),
    name: z.string(),
    call_sign: z.string().nullable(),
    flag: z.string().nullable(),
    vessel_type: z.string().nullable(),
    year_built: z.number().nullable(),
    deadweight: z.number().nullable(),
    gross_tonnage: z.number().nullable(),
    status: z.string().nullable(),
    registered_owner: z.string().nullable(),
    ship_manager: z.string().nullable(),
    vessel_id: z.string().nullable(),
  }),
});
type TRegistryShip = z.infer<typeof ZRegistryShip>["attributes"];
const ZSearchAnswer = z.object({ data: z.array(ZRegistryShip) });
const ZCreated = z.object({ data: z.object({ id: z.string() }) });

const tonnes = (n: number | null) => (n === null ? "—" : `${formatNumber(n)} t`);

/**
 * The vessel registry search (spec 002 §2): opens on search by IMO, answers what Equasis says
 * about the ship, creates the vessel from it; closing aborts and clears term, data and errors.
 */
export const RegistrySearchDialog = ({ opened, onClose }: { opened: boolean; onClose: () => void }) => {
  const navigate = useNavigate();
  const [term, setTerm] = useState("");
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [problem, setProblem] = useState<TRegistryProblem | null>(null);
  const [ship, setShip] = useState<TRegistryShip | null | undefined>(undefined);

  const close = () => {
    setTerm("");
    setFieldError(undefined);
    setProblem(null);
    setShip(undefined);
    onClose();
  };

  const searching = useResourceMutation<{ q: string; retry: boolean }, z.output<typeof ZSearchAnswer>>({
    mutationFn: ({ q }) => runActionFor(vessels, "equasis_vessel_search", { input: { q } }, ZSearchAnswer),
    onSuccess: (answer) => {
      setProblem(null);
      setShip(answer.data[0]?.attributes ?? null);
    },
    // A refused login right after the account form saved goes back to that form (its one message).
    refusal: (error, { retry }) => {
      const found = registryRefusalOf(error);
      if (!found) return false;
      if (!(retry && found.kind === "login")) setProblem(found);
      return true;
    },
  });

  const creating = useResourceMutation<TRegistryShip, z.output<typeof ZCreated>>({
    mutationFn: (found) =>
      runActionFor(vessels, "create_from_equasis", { input: { imo: found.imo } }, ZCreated),
    notice: VESSEL_MESSAGES.created,
    invalidates: [vessels.type],
    onSuccess: (created) => {
      close();
      void navigate(`/vessels/${created.data.id}/details`);
    },
    refusal: (error) => {
      const found = registryRefusalOf(error);
      if (found) setProblem(found);
      return found !== null;
    },
  });

  /**
   * Looks the IMO up. `retry`: run again right after the account form saved an account; the
   * form stays until the answer, and a refused login is handed back to it (its one message)
   * instead of being shown here too.
   */
  const search = async ({ retry = false } = {}): Promise<TRegistryProblem | null> => {
    const imo = ZImo.safeParse(term);
    if (!retry) setProblem(null);
    setShip(undefined);
    if (!imo.success) {
      setFieldError(`IMO ${imo.error.issues[0]?.message ?? "is not valid"}`);
      return null;
    }
    setFieldError(undefined);
    try {
      await searching.mutateAsync({ q: imo.data, retry });
      return null;
    } catch (error) {
      return registryRefusalOf(error);
    }
  };

  return (
    <Modal opened={opened} onClose={close} title="Search the vessel registry" size="lg">
      <Stack gap="md">
        <form
          onSubmit={(e) => {
            e.preventDefault();
            void search();
          }}
        >
          <Group align="flex-start" gap="sm" wrap="nowrap">
            <TextInput
              label="IMO number"
              placeholder="9074729"
              value={term}
              onChange={(e) => setTerm(e.currentTarget.value)}
              error={fieldError}
              style={{ flex: 1 }}
              data-autofocus
            />
            <Button
              type="submit"
              mt={25}
              leftSection={<IconSearch size={16} />}
              loading={searching.isPending}
            >
              Search
            </Button>
          </Group>
        </form>
        {problem?.kind === "account" ? (
          <EquasisAccountForm
            reason={problem.message}
            onSaved={async () => {
              const again = await search({ retry: true });
              return again?.kind === "login" ? again.message : null;
            }}
          />
        ) : problem ? (
          <Alert
            color="red"
            icon={<IconAlertTriangle size={18} />}
            title={problem.kind === "login" ? "Equasis refused the login" : "The registry search failed"}
          >
            {problem.message}
            {problem.kind === "login" ? (
              <Anchor
                component="button"
                type="button"
                size="sm"
                display="block"
                mt={6}
                onClick={() => setProblem({ kind: "account", message: "Check your Equasis account." })}
              >
                Change the saved Equasis account
              </Anchor>
            ) : null}
          </Alert>
        ) : null}
        {searching.isPending ? (
          <Group gap="sm" wrap="nowrap" data-testid="registry-searching">
            <Loader size="sm" />
            <Text size="sm" c="dimmed">
              Signing in to Equasis and looking up IMO {term.trim()}; this can take several seconds.
            </Text>
          </Group>
        ) : null}
        {ship === null ? <Text c="dimmed">The registry has no ship with this IMO number.</Text> : null}
        {ship ? (
          <Card withBorder padding="md" radius="md">
            <Group justify="space-between" align="flex-start" mb="sm" wrap="nowrap">
              <Group gap="sm" wrap="nowrap" miw={0}>
                <IconShip size={22} />
                <div style={{ minWidth: 0 }}>
                  <Title order={4} style={{ overflowWrap: "anywhere" }}>
                    {ship.name}
                  </Title>
                  <Text size="sm" c="dimmed">
                    IMO {ship.imo}
                  </Text>
                </div>
              </Group>
              {ship.status ? (
                <Badge variant="light" tt="none">
                  {ship.status}
                </Badge>
              ) : null}
            </Group>
            <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs">
              {[
                ["Flag", ship.flag],
                ["Type", ship.vessel_type],
                ["Call sign", ship.call_sign],
                ["Year built", ship.year_built === null ? null : String(ship.year_built)],
                ["Deadweight", tonnes(ship.deadweight)],
                ["Gross tonnage", ship.gross_tonnage === null ? null : formatNumber(ship.gross_tonnage)],
                ["Registered owner", ship.registered_owner],
                ["Ship manager", ship.ship_manager],
              ].map(([label, value]) => (
                <div key={label}>
                  <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
                    {label}
                  </Text>
                  <Text size="sm">{value ?? "—"}</Text>
                </div>
              ))}
            </SimpleGrid>
            <Group justify="flex-end" mt="md">
              {ship.vessel_id ? (
                <Button
                  component={Link}
                  to={`/vessels/${ship.vessel_id}/details`}
                  variant="light"
                  onClick={close}
                >
                  Open the vessel (already in the fleet)
                </Button>
              ) : (
                <Button onClick={() => creating.mutate(ship)} loading={creating.isPending}>
                  Create vessel
                </Button>
              )}
            </Group>
          </Card>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            Cancel
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
};
