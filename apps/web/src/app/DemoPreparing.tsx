import { Center, Loader, Progress, Stack, Text, Title } from "@mantine/core";
import { useEffect, useState, type ReactNode } from "react";
import { fetchDemoSeeding, type TDemoSeeding } from "../api/demo-seeding";

const POLL_MS = 1_000;

/**
 * A first start serves at once and fills the demo behind it (docs/performance.md "First
 * start"): until the server says it is ready, this shows how far the fill has come instead
 * of screens over half-written data; then the app as usual. Asked once per page load; an
 * answer that is not about the demo (ready, unreachable) lets the app through at once.
 */
export const DemoPreparing = ({ children }: { children: ReactNode }) => {
  const [seeding, setSeeding] = useState<TDemoSeeding | null | "asking">("asking");

  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    let alive = true;
    const ask = async () => {
      const answer = await fetchDemoSeeding();
      if (!alive) return;
      setSeeding(answer);
      if (answer?.state === "seeding") timer = setTimeout(() => void ask(), POLL_MS);
    };
    void ask();
    return () => {
      alive = false;
      clearTimeout(timer);
    };
  }, []);

  if (seeding === "asking") return null;
  if (seeding === null) return <>{children}</>;
  const failed = seeding.state === "failed";
  return (
    <Center h="100dvh" px="md" role="status" aria-live="polite">
      <Stack align="center" gap="sm" maw={420} w="100%" ta="center">
        {failed ? null : <Loader size="lg" type="dots" />}
        <Title order={3}>{failed ? "The demo data could not be prepared" : "Preparing demo data"}</Title>
        <Text c="dimmed" size="sm">
          {failed
            ? "The server log says why. Start again with an empty data directory."
            : `A first start writes the demo: fleet, seafarers and their records. ${seeding.area ? `Now: ${seeding.area}.` : ""}`}
        </Text>
        <Progress
          w="100%"
          value={seeding.total ? (100 * seeding.done) / seeding.total : 0}
          color={failed ? "red" : undefined}
          aria-label="Demo data prepared"
        />
        <Text size="xs" c="dimmed">
          {seeding.done} of {seeding.total} parts
        </Text>
      </Stack>
    </Center>
  );
};
