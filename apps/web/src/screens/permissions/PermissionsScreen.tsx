import { ROLES, type TRole } from "@crew/contracts";
import {
  Badge,
  Group,
  Paper,
  SegmentedControl,
  Select,
  Table,
  Text,
  TextInput,
  VisuallyHidden,
} from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import { IconSearch } from "@tabler/icons-react";
import { useMemo, useState } from "react";
import { useSearchParams } from "react-router-dom";
import { roleLabel } from "../crew-users/crew-user-status";
import { EmptyList, ListError, TableSkeleton, CardsSkeleton } from "../../resources/list/ListStates";
import { PageHeader } from "../../resources/list/PageHeader";
import type { TScreenProps } from "../../resources/screen-registry";
import { useSession } from "../../session/use-session";
import { useRedirectOnError } from "../../resources/data/use-redirect-on-error";
import { matchingRows, permissionRows, PERMISSION_FLAGS, FLAG_LABELS } from "./permission-tree";
import { PermissionRowCard, PermissionTableRow } from "./PermissionRow";
import { usePermissionRecords } from "./use-permission-records";
import { CommentTypePermissions } from "./CommentTypePermissions";
import classes from "./permissions.module.css";

const ROLE_OPTIONS = ROLES.map((role) => ({ value: role, label: roleLabel(role) }));
const isRole = (value: string | null): value is TRole => ROLES.some((r) => r === value);

/**
 * /permissions: the permission records of one role as a tree, every flag a switch that
 * saves at once. The role is in the address so a link opens the same view.
 */
export const PermissionsScreen = ({ config }: TScreenProps) => {
  const [params, setParams] = useSearchParams();
  const roleParam = params.get("role");
  const role: TRole = isRole(roleParam) ? roleParam : "admin";
  const [search, setSearch] = useState("");
  const { can } = useSession();
  const editable = can(config.def.permission, "update");
  const { records, toggle } = usePermissionRecords(role);
  useRedirectOnError(records.error);
  const narrow = useMediaQuery("(max-width: 600px)", false, { getInitialValueInEffect: false });
  const rows = useMemo(() => permissionRows(records.data?.data ?? []), [records.data]);
  const shown = useMemo(() => matchingRows(rows, search), [rows, search]);

  // The comment-type matrix (issue 16 §3) is the second view of the permissions administration.
  const mayComments = can("commentAssignments", "read");
  const commentView = mayComments && params.get("view") === "comment-types";
  const viewSwitch = mayComments ? (
    <SegmentedControl
      aria-label="What to administer"
      data={[
        { value: "roles", label: "Role permissions" },
        { value: "comment-types", label: "Comment types" },
      ]}
      value={commentView ? "comment-types" : "roles"}
      onChange={(v) => setParams(v === "comment-types" ? { view: v } : {})}
    />
  ) : null;
  const roleSelect = (
    <Select
      aria-label="Role"
      data={ROLE_OPTIONS}
      value={role}
      allowDeselect={false}
      w={{ base: 150, xs: 200 }}
      onChange={(value) => value && setParams(value === "admin" ? {} : { role: value })}
      comboboxProps={{ withinPortal: true }}
    />
  );

  let body;
  if (records.isError) body = <ListError error={records.error} onRetry={() => void records.refetch()} />;
  else if (records.data && shown.length === 0)
    body = <EmptyList filtered={search !== ""} many="permissions" onClear={() => setSearch("")} />;
  else if (narrow)
    body = !records.data ? (
      <CardsSkeleton />
    ) : (
      shown.map((row) => <PermissionRowCard key={row.id} row={row} editable={editable} onToggle={toggle} />)
    );
  else
    body = (
      <Table.ScrollContainer minWidth={720} type="native">
        <Table verticalSpacing={8} horizontalSpacing="md" highlightOnHover>
          <Table.Thead className={classes.head}>
            <Table.Tr>
              <Table.Th>Permission</Table.Th>
              <Table.Th w={110}>Type</Table.Th>
              {PERMISSION_FLAGS.map((flag) => (
                <Table.Th key={flag} w={90} ta="center">
                  {FLAG_LABELS[flag]}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          {!records.data ? (
            <TableSkeleton columns={2 + PERMISSION_FLAGS.length} rows={12} />
          ) : (
            <Table.Tbody>
              {shown.map((row) => (
                <PermissionTableRow key={row.id} row={row} editable={editable} onToggle={toggle} />
              ))}
            </Table.Tbody>
          )}
        </Table>
      </Table.ScrollContainer>
    );

  if (commentView)
    return (
      <>
        <PageHeader title="Permissions" actions={viewSwitch} />
        <CommentTypePermissions editable={can("commentAssignments", "update")} />
      </>
    );
  return (
    <>
      <PageHeader
        title="Permissions"
        actions={
          <Group gap="sm" wrap="wrap">
            {viewSwitch}
            {roleSelect}
          </Group>
        }
      />
      <Paper withBorder shadow="xs" style={{ overflow: "hidden" }}>
        <Group p="md" gap="sm" justify="space-between" wrap="wrap">
          <TextInput
            aria-label="Find a permission"
            placeholder="Find a permission…"
            leftSection={<IconSearch size={16} />}
            value={search}
            onChange={(e) => setSearch(e.currentTarget.value)}
            style={{ flex: 1, maxWidth: 420 }}
            miw={200}
          />
          <Text size="sm" c="dimmed">
            Defaults of the role{" "}
            <Badge variant="light" radius="sm" tt="none">
              {roleLabel(role)}
            </Badge>
            {editable ? null : (
              <>
                {" "}
                <VisuallyHidden>read only</VisuallyHidden>· read only
              </>
            )}
          </Text>
        </Group>
        <div className={classes.body}>{body}</div>
      </Paper>
    </>
  );
};
