import { Box, Button, Collapse, Divider, Paper } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import { IconPlus } from "@tabler/icons-react";
import { useEffect, useMemo, type ReactNode } from "react";
import { Link, Outlet } from "react-router-dom";
import type { QueryKey } from "@tanstack/react-query";
import { useSession } from "../../session/use-session";
import { listIncludes, resourceKeys, useResourceList } from "../data/use-resource-queries";
import type { TListPage, TResourceRecord } from "../data/resource-types";
import { compactFilter } from "../list-state/list-query";
import { useListState, type TListController } from "../list-state/use-list-state";
import type { TScreenConfig } from "../screen-config";
import { columnsOf, type TColumn } from "./columns";
import { FilterPanel } from "./FilterPanel";
import { ListCards } from "./ListCards";
import { ListFooter } from "./ListFooter";
import { EmptyList, ListError } from "./ListStates";
import { ListTable } from "./ListTable";
import { ListToolbar } from "./ListToolbar";
import { PageHeader } from "./PageHeader";
import { RowActions } from "./RowActions";
import { SortMenu } from "./SortMenu";
import { useRedirectOnError } from "../data/use-redirect-on-error";
import { recordTitle } from "../format";

/** What a custom table body (ranks' drag and drop) gets to work with. */
export interface TBodyContext {
  queryKey: QueryKey;
  page: TListPage;
  list: TListController;
  columns: readonly TColumn[];
  detailsHref: (record: TResourceRecord) => string | undefined;
  rowActions?: (record: TResourceRecord) => ReactNode;
}

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
}

const NARROW = "(max-width: 600px)";

/**
 * A list screen driven by a resource definition (react-admin style): header with the
 * count and "New", search and filter, sortable table (cards on narrow screens), footer with
 * page size and pages, and an outlet where new/edit/delete open as dialogs over it.
 */
export const ResourceListScreen = ({
  config,
  columns: adjustColumns,
  renderBody,
  renderCards,
  leadingHeader,
  hiddenFilters,
  toolbarExtra,
}: TResourceListScreenProps) => {
  const { def, base, list: listName } = config;
  const { can } = useSession();
  const list = useListState({ list: listName, defaultSort: def.defaultSort });
  const include = useMemo(() => listIncludes(def), [def]);
  const result = useResourceList(def, list.query, include);
  useRedirectOnError(result.error);
  const narrow = useMediaQuery(NARROW, false, { getInitialValueInEffect: false });
  const columns = useMemo(() => {
    const generic = columnsOf(def);
    return adjustColumns ? adjustColumns(generic) : generic;
  }, [def, adjustColumns]);

  const canUpdate = can(def.permission, "update");
  const canDelete = can(def.permission, "delete");
  const canCreate = canUpdate && can(def.permission, "create");
  const search = list.search;
  const detailsHref = (record: TResourceRecord) => `${base}/${record.id}/details`;
  const titleOf = (record: TResourceRecord) => recordTitle(record, def.titleAttribute);
  const rowActions =
    canUpdate || canDelete
      ? (record: TResourceRecord) => (
          <RowActions
            name={titleOf(record)}
            editHref={canUpdate ? `${base}/${record.id}/edit${search}` : undefined}
            deleteHref={canDelete ? `${base}/${record.id}/delete${search}` : undefined}
          />
        )
      : undefined;

  const page = result.data;
  // A page emptied by deletes (or an old link) moves to the last page that has records.
  const overshoot = page && page.data.length === 0 && list.query.page > 1 && !result.isPlaceholderData;
  useEffect(() => {
    if (overshoot) list.setPage(Math.max(1, Math.min(page.lastPage, Math.ceil(page.total / list.query.perPage))));
  }, [overshoot, page, list]);
  const filterable = Object.keys(def.filters ?? {}).some((f) => !hiddenFilters?.includes(f));
  const appliedCount = Object.keys(compactFilter(list.state.appliedFilter)).length;
  const filtered = appliedCount > 0 || list.query.search !== "";
  const newLabel = `New ${def.label.one.toLowerCase()}`;
  const createButton = canCreate ? (
    <Button component={Link} to={`${base}/new${search}`} leftSection={<IconPlus size={16} />}>
      {newLabel}
    </Button>
  ) : undefined;
  // On a phone the title needs the room: "New" alone, the full name for screen readers.
  const headerAction = canCreate ? (
    <>
      <Box visibleFrom="xs">{createButton}</Box>
      <Button hiddenFrom="xs" component={Link} to={`${base}/new${search}`} leftSection={<IconPlus size={16} />} aria-label={newLabel}>
        New
      </Button>
    </>
  ) : undefined;
  const clearAll = () => {
    list.clearFilter();
    list.setSearchInput("");
    list.applySearch();
  };

  const bodyContext = (current: TListPage): TBodyContext => ({
    queryKey: resourceKeys.list(def.type, list.query, include),
    page: current,
    list,
    columns,
    detailsHref,
    rowActions,
  });

  let content: ReactNode;
  if (result.isError && !page) {
    content = <ListError error={result.error} onRetry={() => void result.refetch()} />;
  } else if (page && page.data.length === 0) {
    content = <EmptyList filtered={filtered} many={def.label.many} onClear={clearAll} createAction={createButton} />;
  } else if (narrow) {
    content = (
      <ListCards
        columns={columns}
        records={page?.data}
        included={page?.included ?? new Map()}
        fetching={result.isPlaceholderData}
        detailsHref={detailsHref}
        rowActions={rowActions}
        renderCards={renderCards && page ? (records) => renderCards(records, bodyContext(page)) : undefined}
      />
    );
  } else {
    content = (
      <ListTable
        columns={columns}
        records={page?.data}
        included={page?.included ?? new Map()}
        sort={list.query.sort}
        onSort={list.toggleSort}
        fetching={result.isPlaceholderData}
        detailsHref={detailsHref}
        rowActions={rowActions}
        leadingHeader={leadingHeader}
        renderBody={renderBody && page ? (records) => renderBody(records, bodyContext(page)) : undefined}
      />
    );
  }

  return (
    <>
      <PageHeader title={def.label.many} count={page?.total} actions={headerAction} />
      <Paper withBorder radius="md" shadow="xs" style={{ overflow: "hidden" }}>
        <ListToolbar
          many={def.label.many}
          searchable={Boolean(def.search?.length)}
          searchInput={list.state.searchInput}
          onSearchInput={list.setSearchInput}
          onSearchNow={list.applySearch}
          filterable={filterable}
          filterExpanded={list.state.filterExpanded}
          appliedFilterCount={appliedCount}
          onToggleFilter={() =>
            list.state.filterExpanded ? list.cancelFilter() : list.setFilterExpanded(true)
          }
          extra={
            <>
              {toolbarExtra?.(list)}
              {narrow ? <SortMenu columns={columns} sort={list.query.sort} onSort={list.toggleSort} /> : null}
            </>
          }
        />
        {filterable ? (
          <Collapse expanded={list.state.filterExpanded}>
            <Divider />
            <FilterPanel
              def={def}
              values={list.state.filter}
              hidden={hiddenFilters}
              onChange={list.setFilterValue}
              onApply={list.applyFilter}
              onCancel={list.cancelFilter}
              onClear={list.clearFilter}
            />
          </Collapse>
        ) : null}
        <Divider />
        {content}
        {page && page.total > 0 ? (
          <>
            <Divider />
            <ListFooter
              page={list.query.page}
              perPage={list.query.perPage}
              total={page.total}
              lastPage={page.lastPage}
              onPage={list.setPage}
              onPerPage={list.setPerPage}
            />
          </>
        ) : null}
      </Paper>
      <Outlet />
    </>
  );
};
