import {
  CREW_SITE_SOURCES,
  EXTERNAL_SOURCE_LABELS,
  externalObjectVersions,
  type TCrewSiteKeyState,
} from "@crew/contracts";
import { Badge, Button, Group, Paper, PasswordInput, Skeleton, Stack, Text, Title } from "@mantine/core";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { z } from "zod";
import { runActionFor } from "../../api/run-action";
import { fieldErrorsOf } from "../../errors";
import { useResourceMutation } from "../../resources/data/use-resource-mutation";

const KEYS_KEY = ["external_object_versions", "site_keys"] as const;

const ZStates = z.object({
  data: z.array(
    z.object({
      source: z.enum(CREW_SITE_SOURCES),
      label: z.string(),
      stored: z.boolean(),
      stored_applies: z.boolean(),
      stored_for_url: z.string().nullable(),
      set_at: z.string().nullable(),
      set_by_name: z.string().nullable(),
      configured: z.boolean(),
      url_configured: z.boolean(),
    }) satisfies z.ZodType<TCrewSiteKeyState>,
  ),
});
const ZSaved = z.object({ meta: z.object({ message: z.string() }) });

const stateText = (s: TCrewSiteKeyState): string => {
  if (s.stored && s.stored_applies)
    return `Set in the app${s.set_at ? ` on ${new Date(s.set_at).toLocaleString()}` : ""}${s.set_by_name ? ` by ${s.set_by_name}` : ""}`;
  if (s.stored) return `Set for another address (${s.stored_for_url ?? "?"}): not used; set it again`;
  if (s.configured) return "From the server's configuration";
  return "Not set";
};

/** One site: its state and a field to set a new key (shown once typed, never read back). */
const SiteKeyRow = ({ state }: { state: TCrewSiteKeyState }) => {
  const queryClient = useQueryClient();
  const [key, setKey] = useState("");
  const [error, setError] = useState<string | undefined>(undefined);
  const save = useResourceMutation({
    mutationFn: (value: string | null) =>
      runActionFor(
        externalObjectVersions,
        "set_site_key",
        { input: { source: state.source, key: value } },
        ZSaved,
      ),
    notice: (answer) => answer.meta.message,
    onSuccess: () => {
      setKey("");
      setError(undefined);
      void queryClient.invalidateQueries({ queryKey: KEYS_KEY });
    },
    onFailure: (_action, failure) => setError(fieldErrorsOf(failure).key),
  });
  const site = EXTERNAL_SOURCE_LABELS[state.source];
  return (
    <Stack gap={6} data-testid={`site-key-${state.source}`}>
      <Group gap="xs">
        <Text fw={600}>{site}</Text>
        <Badge variant="light" color={state.stored_applies || state.configured ? "green" : "gray"}>
          {state.stored_applies || state.configured ? "Key set" : "No key"}
        </Badge>
      </Group>
      <Text size="sm" c="dimmed">
        {stateText(state)}
        {state.url_configured ? "" : ". The site's address is not configured on the server."}
      </Text>
      <Group align="flex-end" gap="xs">
        <PasswordInput
          label={`New ${site} key`}
          autoComplete="off"
          value={key}
          onChange={(e) => setKey(e.currentTarget.value)}
          error={error}
          style={{ flex: 1 }}
        />
        <Button onClick={() => save.mutate(key)} loading={save.isPending} disabled={!key.trim()}>
          Save key
        </Button>
        {state.stored ? (
          <Button variant="default" color="red" onClick={() => save.mutate(null)} loading={save.isPending}>
            Remove
          </Button>
        ) : null}
      </Group>
    </Stack>
  );
};

/**
 * "Outside sites" (admins; docs/outside-channels.md): the company's keys for UkrCrewing and
 * Crewell. A key saved here is sealed on the server and used before the configured one; the
 * screen never sees a key again, only whether one is set, when and by whom.
 */
export const SiteKeysCard = () => {
  const states = useQuery({
    queryKey: KEYS_KEY,
    queryFn: async ({ signal }) =>
      (await runActionFor(externalObjectVersions, "site_keys", {}, ZStates, { signal })).data,
  });
  return (
    <Paper withBorder p={{ base: "md", sm: "lg" }} shadow="xs" component="section" aria-label="Outside sites">
      <Title order={4} fz="sm" c="dimmed" tt="uppercase" lts={0.4} mb={4}>
        Outside sites
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        The company&apos;s keys for the crew job sites. A saved key is stored sealed, is never shown again and
        is sent only to the site&apos;s address it was saved for.
      </Text>
      <Stack gap="lg">
        {states.isPending ? (
          <Skeleton height={80} />
        ) : states.isError ? (
          <Text size="sm" c="red">
            The keys could not be read.
          </Text>
        ) : (
          states.data.map((s) => <SiteKeyRow key={s.source} state={s} />)
        )}
      </Stack>
    </Paper>
  );
};
