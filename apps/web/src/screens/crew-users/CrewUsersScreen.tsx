import { crewUsers } from "@crew/contracts";
import { Avatar, Badge, Group, Text } from "@mantine/core";
import { useCallback, useMemo } from "react";
import { Link } from "react-router-dom";
import type { TScreenProps } from "../../resources/screen-registry";
import { ResourceListScreen } from "../../resources/list/ResourceListScreen";
import type { TColumn } from "../../resources/list/columns";
import listClasses from "../../resources/list/list.module.css";
import { useSession } from "../../session/use-session";
import { roleLabel } from "./crew-user-status";
import { StatusBadge } from "./StatusBadge";
import { StatusSelect } from "./StatusSelect";
import { initialsOf } from "../../lib/people";
import { recordOf } from "../../api";

/**
 * /crew-users: the generic list of clients with the person's avatar next to the name, the
 * role as a badge and a status selector per row for those allowed to change it.
 */
export const CrewUsersScreen = ({ config }: TScreenProps) => {
  const { can } = useSession();
  const mayChangeStatus = can("crewUserStatus", "update");
  const include = useMemo(() => (can("ports", "read") ? ["port"] : []), [can]);
  const columns = useCallback(
    (generic: TColumn[]): TColumn[] =>
      // The fleet links are many per user: the details screen lists them.
      generic
        .filter((column) => column.key !== "vessels" && column.key !== "owners")
        .map((column) => {
          switch (column.key) {
            case "name":
              return {
                ...column,
                render: (record) => {
                  const { name, avatar } = recordOf(crewUsers, record).attributes;
                  return (
                    <Group gap="sm" wrap="nowrap">
                      <Avatar src={avatar} size={30} radius="xl" color="blue">
                        {initialsOf(name)}
                      </Avatar>
                      <Link to={`${config.base}/${record.id}/details`} className={listClasses.primaryLink}>
                        {name}
                      </Link>
                    </Group>
                  );
                },
              };
            case "email":
              return {
                ...column,
                render: (record) => (
                  <Text size="sm" c="dimmed">
                    {recordOf(crewUsers, record).attributes.email}
                  </Text>
                ),
              };
            case "role":
              return {
                ...column,
                render: (record) => (
                  <Badge variant="light" color="blue" radius="sm" tt="none">
                    {roleLabel(recordOf(crewUsers, record).attributes.role)}
                  </Badge>
                ),
              };
            case "status":
              return {
                ...column,
                width: 170,
                render: (record) => {
                  const { status, name } = recordOf(crewUsers, record).attributes;
                  if (!status) return "";
                  return mayChangeStatus ? (
                    <StatusSelect clientId={record.id} name={name} status={status} />
                  ) : (
                    <StatusBadge status={status} />
                  );
                },
              };
            default:
              return column;
          }
        }),
    [config.base, mayChangeStatus],
  );
  return <ResourceListScreen config={config} columns={columns} include={include} />;
};
