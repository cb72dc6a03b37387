import {
  crewChanges,
  formatDay,
  ZCrewListProblems,
  type TCrewListProblem,
  type TCrewListProblems,
} from "@crew/contracts";
import { Alert, Anchor, Badge, Button, Group, Modal, Paper, Stack, Text } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import { IconAlertTriangle } from "@tabler/icons-react";
import { useState } from "react";
import { Link } from "react-router-dom";
import { runAction, runActionFor, saveFile } from "../../api";
import { useResourceMutation } from "../../resources/data/use-resource-mutation";

export type TCrewListRequest = { type: "arrival" | "departure"; format: "xlsx" | "docx" };

/** One seafarer's problems, in the order of the list (box 6). */
type TSeafarerProblems = {
  line: number;
  userId: number | null;
  seafarer: string;
  rank: string;
  problems: TCrewListProblem["attributes"][];
};

const bySeafarer = (answer: TCrewListProblems): TSeafarerProblems[] => {
  const out = new Map<number, TSeafarerProblems>();
  for (const { attributes: p } of answer.data) {
    const seen = out.get(p.line) ?? {
      line: p.line,
      userId: p.user_id,
      seafarer: p.seafarer,
      rank: p.rank,
      problems: [],
    };
    seen.problems.push(p);
    out.set(p.line, seen);
  }
  return [...out.values()].sort((a, b) => a.line - b.line);
};

/**
 * The FAL Form 5 print-outs of a crew change, checked first: `start` asks the server what a port
 * would refuse in that list (empty boxes, identity documents expired by the date); a clean list
 * downloads at once, else a dialog lists the problems per seafarer and box with a link to each
 * seafarer's documents, and the user prints anyway or goes to fix them.
 */
export const useCrewListPrint = (crewChangeId: string) => {
  const [pending, setPending] = useState<{ request: TCrewListRequest; answer: TCrewListProblems } | null>(
    null,
  );
  const download = async (request: TCrewListRequest) => {
    const answer = await runAction(crewChanges, "print_crew_list", {
      input: { crew_change_id: crewChangeId, type: request.type, format: request.format },
    });
    if (answer.kind === "file") saveFile(answer.file);
  };
  // Check, then print: questions and a file, nothing written, so no notice and nothing to reload.
  const checkThenPrint = useResourceMutation<TCrewListRequest>({
    mutationFn: async (request) => {
      const answer = await runActionFor(
        crewChanges,
        "check_crew_list",
        { input: { crew_change_id: crewChangeId, type: request.type } },
        ZCrewListProblems,
      );
      if (answer.data.length) setPending({ request, answer });
      else await download(request);
    },
  });
  const printing = useResourceMutation({ mutationFn: download });
  const start = (request: TCrewListRequest) => checkThenPrint.attempt(request);
  const checking = checkThenPrint.isPending;
  const printAnyway = () => {
    if (!pending) return;
    setPending(null);
    printing.mutate(pending.request);
  };
  const dialog = (
    <CrewListProblemsDialog pending={pending} onClose={() => setPending(null)} onPrint={printAnyway} />
  );
  return { start, checking, dialog };
};

const CrewListProblemsDialog = ({
  pending,
  onClose,
  onPrint,
}: {
  pending: { request: TCrewListRequest; answer: TCrewListProblems } | null;
  onClose: () => void;
  onPrint: () => void;
}) => {
  const phone = useMediaQuery("(max-width: 600px)") ?? false;
  const people = pending ? bySeafarer(pending.answer) : [];
  const direction = pending?.request.type ?? "departure";
  return (
    <Modal
      opened={pending !== null}
      onClose={onClose}
      size="xl"
      fullScreen={phone}
      title={<Text fw={650}>Crew list on {direction}: check before printing</Text>}
    >
      {pending ? (
        <Stack gap="sm" data-testid="crew-list-problems">
          <Alert color="orange" icon={<IconAlertTriangle size={18} />} p="sm">
            {people.length} of {pending.answer.meta.crew_count} seafarers have boxes a port may refuse on the{" "}
            {direction} on {formatDay(pending.answer.meta.date)}. Fix them on the seafarer&apos;s documents,
            or print the list as it is.
          </Alert>
          {/* One block per seafarer (not a table) so a phone reads it without scrolling sideways. */}
          {people.map((person) => (
            <Paper key={person.line} withBorder p="sm" radius="md" data-testid="crew-list-problem">
              <Group justify="space-between" align="baseline" gap="xs" mb={6}>
                <Text size="sm">
                  <Text span c="dimmed">
                    {person.line}.
                  </Text>{" "}
                  <Text span fw={650}>
                    {person.seafarer || "No name"}
                  </Text>{" "}
                  <Text span c="dimmed">
                    · {person.rank}
                  </Text>
                </Text>
                {person.userId !== null ? (
                  <Anchor
                    component={Link}
                    to={`/users/${person.userId}/documents`}
                    size="sm"
                    onClick={onClose}
                  >
                    Fix on the seafarer&apos;s documents
                  </Anchor>
                ) : null}
              </Group>
              <Stack gap={4}>
                {person.problems.map((p) => (
                  <Group key={`${p.box}-${p.problem}`} gap={8} wrap="nowrap" align="flex-start">
                    <Badge
                      size="sm"
                      variant="light"
                      color={p.problem === "expired" ? "red" : "orange"}
                      style={{ flexShrink: 0 }}
                      w={64}
                    >
                      Box {p.box}
                    </Badge>
                    <Text size="sm">{p.message}</Text>
                  </Group>
                ))}
              </Stack>
            </Paper>
          ))}
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={onClose} data-testid="crew-list-fix">
              Cancel and fix
            </Button>
            <Button color="orange" onClick={onPrint} data-testid="crew-list-print-anyway">
              Print anyway (.{pending.request.format})
            </Button>
          </Group>
        </Stack>
      ) : null}
    </Modal>
  );
};
