import { Box, Button } from "@mantine/core";
import { IconPlus } from "@tabler/icons-react";
import { useMemo, type ReactNode } from "react";
import { Link, Outlet } from "react-router-dom";
import { useSession } from "../../session/use-session";
import { listIncludes, resourceKeys, useResourceList } from "../data/use-resource-queries";
import type { TResourceRecord } from "../data/resource-types";
import { useListState, type TListController } from "../list-state/use-list-state";
import type { TFilterValues } from "../list-state/list-query";
import type { TScreenConfig } from "../screen-config";
import { columnsOf, type TColumn } from "./columns";
import { PageHeader } from "./PageHeader";
import { ResourceListView, type TBodyContext, type TResourceListViewProps } from "./ResourceListView";

export type { TBodyContext } from "./ResourceListView";

export interface TResourceListScreenProps {
  config: TScreenConfig;
  /** Adjusts the columns derived from the definition (add a status selector, drop one). */
  columns?: (generic: TColumn[]) => TColumn[];
  /** Replaces the table body on wide screens. */
  renderBody?: (records: readonly TResourceRecord[], context: TBodyContext) => ReactNode;
  /** Replaces the cards on narrow screens. */
  renderCards?: (records: readonly TResourceRecord[], context: TBodyContext) => ReactNode;
  leadingHeader?: ReactNode;
  hiddenFilters?: readonly string[];
  toolbarExtra?: (list: TListController) => ReactNode;
  selectable?: TResourceListViewProps["selectable"];
  /** The filter a first visit starts with (spec 002: vessels start active and not prospects). */
  defaultFilter?: TFilterValues;
  /** Keep the search text in local storage (`<list>.search`). */
  persistSearch?: boolean;
  /** Relationships to include instead of every one the columns could show. */
  include?: readonly string[];
  filterPanel?: TResourceListViewProps["filterPanel"];
  selectionBar?: TResourceListViewProps["selectionBar"];
  /** Replaces the page header's actions (the "New" button) with the screen's own. */
  headerActions?: (createButton: ReactNode) => ReactNode;
  /** The list's state, for screens that drive it from outside the view (an export of the current query). */
  controller?: TListController;
}

/**
 * A top-level list screen driven by a resource definition: header with the count and
 * "New", the generic list view, and an outlet where new/edit/delete open as dialogs over it.
 */
export const ResourceListScreen = ({
  config,
  columns: adjustColumns,
  defaultFilter,
  persistSearch,
  include: chosenInclude,
  headerActions,
  controller,
  ...view
}: TResourceListScreenProps) => {
  const { def, base, list: listName } = config;
  const { can } = useSession();
  const own = useListState({
    list: listName,
    defaultSort: def.defaultSort,
    ...(defaultFilter ? { defaultFilter } : {}),
    ...(persistSearch ? { persistSearch } : {}),
  });
  const list = controller ?? own;
  const include = useMemo(() => chosenInclude ?? listIncludes(def, can), [def, can, chosenInclude]);
  const result = useResourceList(def, list.query, include);
  const columns = useMemo(() => {
    const generic = columnsOf(def);
    return adjustColumns ? adjustColumns(generic) : generic;
  }, [def, adjustColumns]);

  const canUpdate = can(def.permission, "update");
  const canDelete = can(def.permission, "delete");
  const canCreate = canUpdate && can(def.permission, "create");
  const search = list.search;
  const newHref = `${base}/new${search}`;
  const newLabel = `New ${def.label.one.toLowerCase()}`;
  const createButton = canCreate ? (
    <Button component={Link} to={newHref} leftSection={<IconPlus size={16} />}>
      {newLabel}
    </Button>
  ) : undefined;
  // On a phone the title needs the room: "New" alone, the full name for screen readers.
  const headerAction = canCreate ? (
    <>
      <Box visibleFrom="xs">{createButton}</Box>
      <Button
        hiddenFrom="xs"
        component={Link}
        to={newHref}
        leftSection={<IconPlus size={16} />}
        aria-label={newLabel}
      >
        New
      </Button>
    </>
  ) : undefined;

  return (
    <>
      <PageHeader
        title={def.label.many}
        count={result.data?.total}
        estimated={result.data?.estimated}
        actions={headerActions ? headerActions(createButton) : headerAction}
      />
      <ResourceListView
        {...view}
        def={def}
        list={list}
        result={result}
        queryKey={resourceKeys.list(def, list.query, include)}
        columns={columns}
        createAction={createButton}
        links={{
          details: (record) => `${base}/${record.id}/details`,
          edit: canUpdate ? (record) => `${base}/${record.id}/edit${search}` : undefined,
          delete: canDelete ? (record) => `${base}/${record.id}/delete${search}` : undefined,
        }}
      />
      <Outlet />
    </>
  );
};
