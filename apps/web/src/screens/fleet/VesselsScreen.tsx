import { vessels } from "@crew/contracts";
import { Badge, Button, Group, Menu, Text } from "@mantine/core";
import { IconChevronDown, IconCloudDownload, IconSearch } from "@tabler/icons-react";
import { useCallback, useState } from "react";
import { Link } from "react-router-dom";
import { recordOf } from "../../api";
import { relatedTitle, type TColumn } from "../../resources/list/columns";
import listClasses from "../../resources/list/list.module.css";
import { ResourceListScreen } from "../../resources/list/ResourceListScreen";
import type { TScreenProps } from "../../resources/screen-registry";
import { useSession } from "../../session/use-session";
import { BulkImportDialog } from "./BulkImportDialog";
import { RegistrySearchDialog } from "./RegistrySearchDialog";

/** Spec 002 §3: the list starts on active vessels that are not prospects. A module constant: the list state memoises on it. */
const DEFAULT_FILTER = { is_active: "true", is_selected: "false" } as const;
const INCLUDE = ["flag", "vessel_type", "coordinator"] as const;
const COLUMN_ORDER = [
  "name",
  "imo",
  "vessel_type",
  "flag",
  "deadweight",
  "owner_name",
  "group",
  "coordinator",
  "is_active",
];

/**
 * /vessels: the generic list with the spec's default filter and saved search, the columns a
 * crewing office scans (type, flag, DWT, owner, coordinator), and the registry: search one
 * ship by IMO, or import many.
 */
export const VesselsScreen = ({ config }: TScreenProps) => {
  const { can } = useSession();
  const [dialog, setDialog] = useState<"search" | "import" | null>(null);
  const columns = useCallback(
    (generic: TColumn[]): TColumn[] =>
      COLUMN_ORDER.flatMap((key) => {
        const column = generic.find((c) => c.key === key);
        if (!column) return [];
        switch (key) {
          case "name":
            return [
              {
                ...column,
                render: (record) => {
                  const { name, is_selected: prospect } = recordOf(vessels, record).attributes;
                  return (
                    <Group gap={6} wrap="nowrap">
                      <Link to={`${config.base}/${record.id}/details`} className={listClasses.primaryLink}>
                        {name}
                      </Link>
                      {prospect ? (
                        <Badge size="xs" variant="light" color="grape">
                          Prospect
                        </Badge>
                      ) : null}
                    </Group>
                  );
                },
              },
            ];
          case "is_active":
            return [
              {
                ...column,
                label: "Status",
                render: (record) =>
                  recordOf(vessels, record).attributes.is_active ? (
                    <Badge size="sm" variant="light" color="teal">
                      Active
                    </Badge>
                  ) : (
                    <Badge size="sm" variant="light" color="gray">
                      Inactive
                    </Badge>
                  ),
              },
            ];
          case "flag":
          case "vessel_type":
          case "coordinator":
            return [
              {
                ...column,
                render: (record, included) =>
                  relatedTitle(record, key, included) || (
                    <Text span c="dimmed" size="sm">
                      —
                    </Text>
                  ),
              },
            ];
          default:
            return [column];
        }
      }),
    [config.base],
  );
  const registry = can("vessels", "create") ? (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button
          variant="light"
          rightSection={<IconChevronDown size={14} />}
          leftSection={<IconCloudDownload size={16} />}
        >
          Registry
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item leftSection={<IconSearch size={16} />} onClick={() => setDialog("search")}>
          Search by IMO
        </Menu.Item>
        {can("vessels.bulkParse", "create") ? (
          <Menu.Item leftSection={<IconCloudDownload size={16} />} onClick={() => setDialog("import")}>
            Import IMO numbers
          </Menu.Item>
        ) : null}
      </Menu.Dropdown>
    </Menu>
  ) : null;
  return (
    <>
      <ResourceListScreen
        config={config}
        columns={columns}
        defaultFilter={DEFAULT_FILTER}
        persistSearch
        include={INCLUDE}
        toolbarExtra={() => registry}
      />
      <RegistrySearchDialog opened={dialog === "search"} onClose={() => setDialog(null)} />
      <BulkImportDialog opened={dialog === "import"} onClose={() => setDialog(null)} />
    </>
  );
};
