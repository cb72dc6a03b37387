import { crewChanges, ownerMatrices, timePlans, type TResourceDef } from "@crew/contracts";
import { Button, Group, Loader, Menu, Paper, Stack, Title } from "@mantine/core";
import { IconCalendarEvent, IconPrinter } from "@tabler/icons-react";
import { Link, useParams } from "react-router-dom";
import {
  recordOf,
  runAction,
  saveFile,
  type TActionAnswer,
  type TActionArgs,
  type TActionName,
  type TActionOf,
} from "../../api";
import { useResourceMutation } from "../../resources/data/use-resource-mutation";
import { ResourceDetailsScreen } from "../../resources/details/ResourceDetailsScreen";
import type { TScreenProps } from "../../resources/screen-registry";
import { useSession } from "../../session/use-session";
import { CrewChangeChecklist } from "./CrewChangeChecklist";
import { CrewChangeState } from "./CrewChangesScreen";
import { CrewListTable } from "./CrewListTable";
import { useCrewListPrint, type TCrewListRequest } from "./CrewListPrintDialog";

/** The FAL Form 5 print-outs offered: both directions in both formats. */
const CREW_LIST_PRINTS: readonly TCrewListRequest[] = [
  { type: "arrival", format: "xlsx" },
  { type: "arrival", format: "docx" },
  { type: "departure", format: "xlsx" },
  { type: "departure", format: "docx" },
];
import { useCrewChange } from "./use-crew-change";

/**
 * /crew-changes/:id/details: the crew change's fields, its crew list in display mode (reasons
 * of signing off, rows removed), the way to pick the list on the planner, and the print-outs:
 * the FAL Form 5 crew list on arrival or departure (.xlsx, .docx) and the crew by rank.
 */
export const CrewChangeDetailsScreen = ({ config }: TScreenProps) => {
  const { id = "" } = useParams();
  const { can } = useSession();
  const crewChange = useCrewChange(id);
  const crewList = useCrewListPrint(id);
  // A print-out writes nothing: no notice, nothing to reload; the file is saved.
  const printing = useResourceMutation<() => Promise<TActionAnswer>, TActionAnswer>({
    mutationFn: (run) => run(),
    onSuccess: (answer) => {
      if (answer.kind === "file") saveFile(answer.file);
    },
  });
  const print = <D extends TResourceDef, N extends TActionName<D>>(
    def: D,
    name: N,
    args: TActionArgs<TActionOf<D, N>>,
  ) => printing.mutate(() => runAction(def, name, args));
  return (
    <ResourceDetailsScreen
      config={config}
      badges={({ record }) => <CrewChangeState state={recordOf(crewChanges, record).attributes.state} />}
    >
      {() => (
        <Stack gap="md">
          <Paper withBorder p={{ base: "md", sm: "lg" }} shadow="xs">
            <Stack gap="sm">
              <Group justify="space-between">
                <Title order={4}>Crew list</Title>
                <Group gap="xs">
                  {can("timeplans", "read") && can(crewChanges.permission, "update") && (
                    <Button
                      size="xs"
                      variant="light"
                      leftSection={<IconCalendarEvent size={14} />}
                      component={Link}
                      to={`/timeplans/crew-rotation/crew-change/${id}/edit`}
                      data-testid="crew-list-on-planner"
                    >
                      Pick on the planner
                    </Button>
                  )}
                  <Menu position="bottom-end" withinPortal>
                    <Menu.Target>
                      <Button
                        size="xs"
                        variant="default"
                        leftSection={crewList.checking ? <Loader size={14} /> : <IconPrinter size={14} />}
                        data-testid="crew-change-print"
                      >
                        Print
                      </Button>
                    </Menu.Target>
                    <Menu.Dropdown>
                      <Menu.Label>Crew list (IMO FAL Form 5)</Menu.Label>
                      {CREW_LIST_PRINTS.map((request) => (
                        <Menu.Item
                          key={`${request.type}-${request.format}`}
                          onClick={() => void crewList.start(request)}
                        >
                          On {request.type}, .{request.format}
                        </Menu.Item>
                      ))}
                      {can("timeplans", "read") && (
                        <>
                          <Menu.Label>Crew by rank</Menu.Label>
                          <Menu.Item
                            onClick={() =>
                              print(timePlans, "print_crew_role", {
                                input: { crew_change_id: id, type: "on_board" },
                              })
                            }
                          >
                            On board after the change
                          </Menu.Item>
                          <Menu.Item
                            onClick={() =>
                              print(timePlans, "print_crew_role", {
                                input: { crew_change_id: id, type: "sign_on" },
                              })
                            }
                          >
                            Signing on
                          </Menu.Item>
                          <Menu.Item
                            onClick={() =>
                              print(timePlans, "print_crew_role", {
                                input: { crew_change_id: id, type: "sign_off" },
                              })
                            }
                          >
                            Signing off
                          </Menu.Item>
                        </>
                      )}
                      {can("equipmentMatrix", "read") && (
                        <>
                          <Menu.Label>Protective equipment</Menu.Label>
                          <Menu.Item
                            data-testid="print-ppe-order"
                            onClick={() =>
                              print(ownerMatrices, "print_ppe_order", { input: { crew_change_id: id } })
                            }
                          >
                            PPE order for those signing on, .xlsx
                          </Menu.Item>
                        </>
                      )}
                    </Menu.Dropdown>
                  </Menu>
                </Group>
              </Group>
              {crewList.dialog}
              {crewChange.data ? (
                <CrewListTable
                  rows={crewChange.data.crewList}
                  timeplansById={crewChange.data.timeplansById}
                  mode="display"
                />
              ) : null}
            </Stack>
          </Paper>
          {can("taskManager", "read") && (
            <CrewChangeChecklist crewChangeId={id} mayCreate={can("taskManager", "create")} />
          )}
        </Stack>
      )}
    </ResourceDetailsScreen>
  );
};
