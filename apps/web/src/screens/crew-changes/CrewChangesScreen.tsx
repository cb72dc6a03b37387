import { crewChanges, formatDay } from "@crew/contracts";
import { Badge } from "@mantine/core";
import { useCallback } from "react";
import { Link } from "react-router-dom";
import { recordOf } from "../../api";
import type { TColumn } from "../../resources/list/columns";
import listClasses from "../../resources/list/list.module.css";
import { ResourceListScreen } from "../../resources/list/ResourceListScreen";
import type { TScreenProps } from "../../resources/screen-registry";

/** The state of a crew change as a badge: planned (blue) or completed (grey). */
export const CrewChangeState = ({ state }: { state: string | null | undefined }) => (
  <Badge variant="light" color={state === "completed" ? "gray" : "blue"} radius="sm" tt="none">
    {state === "completed" ? "Completed" : "Planned"}
  </Badge>
);

/**
 * /crew-changes (spec 002 §2): the generic list (filters state, vessel, port, coordinator,
 * owner; newest first) with the date opening the details and the state as a badge.
 */
export const CrewChangesScreen = ({ config }: TScreenProps) => {
  const columns = useCallback(
    (generic: TColumn[]): TColumn[] =>
      // The names of the vessel and ports are attributes here (readable whoever reads crew changes): no relationship columns twice.
      generic
        .filter((column) => !["vessel", "port", "port_arrived"].includes(column.key))
        .map((column) => {
          switch (column.key) {
            case "date":
              return {
                ...column,
                render: (record) => (
                  <Link to={`${config.base}/${record.id}/details`} className={listClasses.primaryLink}>
                    {formatDay(recordOf(crewChanges, record).attributes.date)}
                  </Link>
                ),
              };
            case "state":
              return {
                ...column,
                render: (record) => (
                  <CrewChangeState state={recordOf(crewChanges, record).attributes.state} />
                ),
              };
            default:
              return column;
          }
        }),
    [config.base],
  );
  return <ResourceListScreen config={config} columns={columns} />;
};
