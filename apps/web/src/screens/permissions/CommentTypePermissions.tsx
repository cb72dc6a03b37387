import {
  COMMENT_ACTIONS,
  ZRole,
  positionCommentTypes,
  type TCommentAction,
  type TRole,
} from "@crew/contracts";
import { Alert, Paper, Skeleton, Stack, Switch, Table, Text } from "@mantine/core";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { z } from "zod";
import { runActionFor } from "../../api";
import { useResourceMutation } from "../../resources/data/use-resource-mutation";
import { roleLabel } from "../crew-users/crew-user-status";
import { PERMISSION_UPDATED_MESSAGE } from "./use-permission-records";

const ZCell = z.object({
  position: z.string(),
  type: z.string(),
  title: z.string(),
  read: z.boolean(),
  create: z.boolean(),
  delete: z.boolean(),
});
type TCell = z.output<typeof ZCell>;
const ZMatrix = z.object({ data: z.array(ZCell) });
const ZTypes = z.object({ data: z.array(z.object({ code: z.string(), title: z.string() })) });
const ZPositions = z.object({ data: z.array(z.object({ id: ZRole, name: z.string() })) });
const ZChanged = z.object({ data: ZCell });

const MATRIX_KEY = [positionCommentTypes.type, "matrix"] as const;
const ACTION_LABELS: Record<TCommentAction, string> = { read: "Read", create: "Create", delete: "Delete" };

interface TChange {
  positionId: TRole;
  type: string;
  commentAction: TCommentAction;
  allowed: boolean;
}

const withCell = (cells: readonly TCell[], c: TChange): TCell[] =>
  cells.map((cell) =>
    cell.position === c.positionId && cell.type === c.type ? { ...cell, [c.commentAction]: c.allowed } : cell,
  );

/**
 * The comment-type permissions (spec 001 §7, `users_position_comment_types`): positions (roles)
 * by comment types, a switch per action (read, create, delete). Each switch saves at once
 * (change_permission with the value shown); the server enforces the matrix on every comment path.
 */
export const CommentTypePermissions = ({ editable }: { editable: boolean }) => {
  const queryClient = useQueryClient();
  const matrix = useQuery({
    queryKey: MATRIX_KEY,
    queryFn: async ({ signal }) => {
      const [cells, types, positions] = await Promise.all([
        runActionFor(positionCommentTypes, "permissions", {}, ZMatrix, { signal }),
        runActionFor(positionCommentTypes, "types", {}, ZTypes, { signal }),
        runActionFor(positionCommentTypes, "positions", {}, ZPositions, { signal }),
      ]);
      return { cells: cells.data, types: types.data, positions: positions.data };
    },
  });
  const change = useResourceMutation({
    mutationFn: async (c: TChange) =>
      (await runActionFor(positionCommentTypes, "change_permission", { input: c }, ZChanged)).data,
    notice: PERMISSION_UPDATED_MESSAGE,
    onSuccess: (cell) =>
      queryClient.setQueryData<typeof matrix.data>(MATRIX_KEY, (old) =>
        old
          ? {
              ...old,
              cells: old.cells.map((c) => (c.position === cell.position && c.type === cell.type ? cell : c)),
            }
          : old,
      ),
    onFailure: () => void queryClient.invalidateQueries({ queryKey: MATRIX_KEY }),
  });
  const flip = (c: TChange) => {
    queryClient.setQueryData<typeof matrix.data>(MATRIX_KEY, (old) =>
      old ? { ...old, cells: withCell(old.cells, c) } : old,
    );
    change.mutate(c);
  };

  if (matrix.isError)
    return (
      <Alert color="red" title="The comment permissions could not be loaded">
        Try again in a moment.
      </Alert>
    );
  if (!matrix.data) return <Skeleton height={240} radius="md" />;
  const { cells, types, positions } = matrix.data;
  const cellOf = (position: string, type: string) =>
    cells.find((c) => c.position === position && c.type === type);

  return (
    <Paper withBorder shadow="xs" p="md" data-testid="comment-permissions">
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          Which comment types each position may read, create and delete on an applicant. A type a position may
          not read is hidden from it everywhere: lists, counts, the Activity tab and History.
        </Text>
        <Table.ScrollContainer minWidth={200 + types.length * 130} type="native">
          <Table verticalSpacing={8} horizontalSpacing="sm" withColumnBorders>
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={150}>Position</Table.Th>
                {types.map((t) => (
                  <Table.Th key={t.code} ta="center">
                    {t.title}
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {positions.map((p) => (
                <Table.Tr key={p.id} data-testid={`comment-permissions-${p.id}`}>
                  <Table.Td fw={500}>{roleLabel(p.id)}</Table.Td>
                  {types.map((t) => {
                    const cell = cellOf(p.id, t.code);
                    return (
                      <Table.Td key={t.code}>
                        <Stack gap={4}>
                          {COMMENT_ACTIONS.map((action) => (
                            <Switch
                              key={action}
                              size="xs"
                              label={ACTION_LABELS[action]}
                              aria-label={`${roleLabel(p.id)}: ${action} ${t.title}`}
                              checked={cell?.[action] ?? false}
                              disabled={!editable || !cell}
                              onChange={(e) =>
                                flip({
                                  positionId: p.id,
                                  type: t.code,
                                  commentAction: action,
                                  allowed: e.currentTarget.checked,
                                })
                              }
                            />
                          ))}
                        </Stack>
                      </Table.Td>
                    );
                  })}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Stack>
    </Paper>
  );
};
