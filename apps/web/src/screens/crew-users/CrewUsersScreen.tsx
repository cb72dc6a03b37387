import { Avatar, Badge, Group, Text } from "@mantine/core";
import { useCallback } from "react";
import { Link } from "react-router-dom";
import type { TScreenProps } from "../../resources/screen-registry";
import { ResourceListScreen } from "../../resources/list/ResourceListScreen";
import type { TColumn } from "../../resources/list/columns";
import listClasses from "../../resources/list/list.module.css";
import { useSession } from "../../session/use-session";
import { isClientStatus, roleLabel } from "./client-status";
import { StatusBadge } from "./StatusBadge";
import { StatusSelect } from "./StatusSelect";
import { textOf } from "../../resources/format";
import { initialsOf } from "../../lib/people";

/**
 * /crew-users: the generic list of clients with the person's avatar next to the name, the
 * role as a badge and a status selector per row for those allowed to change it.
 */
export const CrewUsersScreen = ({ config }: TScreenProps) => {
  const { can } = useSession();
  const mayChangeStatus = can("crewUserStatus", "update");
  const columns = useCallback(
    (generic: TColumn[]): TColumn[] =>
      generic.map((column) => {
        switch (column.key) {
          case "name":
            return {
              ...column,
              render: (record) => {
                const name = textOf(record.attributes.name);
                const avatar = typeof record.attributes.avatar === "string" ? record.attributes.avatar : undefined;
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
            return { ...column, render: (record) => <Text size="sm" c="dimmed">{textOf(record.attributes.email)}</Text> };
          case "role":
            return {
              ...column,
              render: (record) => (
                <Badge variant="light" color="blue" radius="sm" tt="none">
                  {roleLabel(record.attributes.role)}
                </Badge>
              ),
            };
          case "status":
            return {
              ...column,
              width: 170,
              render: (record) => {
                const status = record.attributes.status;
                if (!isClientStatus(status)) return "";
                return mayChangeStatus ? (
                  <StatusSelect clientId={record.id} name={textOf(record.attributes.name)} status={status} />
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
  return <ResourceListScreen config={config} columns={columns} />;
};
