import type { TResourceDef } from "@crew/contracts";
import { Collapse, Divider, Paper } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import type { QueryKey, UseQueryResult } from "@tanstack/react-query";
import { useEffect, useMemo, type ReactNode } from "react";
import { useSession } from "../../session/use-session";
import type { TListPage, TResourceRecord } from "../data/resource-types";
import { useRedirectOnError } from "../data/use-redirect-on-error";
import { recordTitle } from "../format";
import { compactFilter } from "../list-state/list-query";
import type { TListController } from "../list-state/use-list-state";
import { bulkActionsOf, mayBulkDelete } from "./bulk-actions";
import { BulkActionsBar } from "./BulkActionsBar";
import type { TColumn } from "./columns";
import { FilterPanel } from "./FilterPanel";
import { ListCards } from "./ListCards";
import { ListFooter } from "./ListFooter";
import { EmptyList, ListError } from "./ListStates";
import { ListTable } from "./ListTable";
import { ListToolbar } from "./ListToolbar";
import { useRowSelection, type TRowSelection } from "./row-selection";
import { RowActions } from "./RowActions";
import { SortMenu } from "./SortMenu";

/** What a custom table body (ranks' drag and drop) gets to work with. */
export interface TBodyContext {
  queryKey: QueryKey;
  page: TListPage;
  list: TListController;
  columns: readonly TColumn[];
  detailsHref: (record: TResourceRecord) => string | undefined;
  rowActions?: (record: TResourceRecord) => ReactNode;
  /** Present when rows can be chosen for bulk actions: render its checkbox cell (RecordCells takes it). */
  selection?: TRowSelection;
  nameOf: (record: TResourceRecord) => string;
}

/** Where a list's rows lead: their details and the edit and delete dialogs. */
export interface TListLinks {
  details?: (record: TResourceRecord) => string | undefined;
  edit?: (record: TResourceRecord) => string;
  delete?: (record: TResourceRecord) => string;
}

export interface TResourceListViewProps {
  def: TResourceDef;
  list: TListController;
  result: UseQueryResult<TListPage>;
  queryKey: QueryKey;
  columns: TColumn[];
  links: TListLinks;
  /** The button that opens "new", for the empty state (the caller puts it in its header too). */
  createAction?: ReactNode;
  /** Replaces the table body on wide screens. */
  renderBody?: (records: readonly TResourceRecord[], context: TBodyContext) => ReactNode;
  /** Replaces the cards on narrow screens. */
  renderCards?: (records: readonly TResourceRecord[], context: TBodyContext) => ReactNode;
  leadingHeader?: ReactNode;
  hiddenFilters?: readonly string[];
  toolbarExtra?: (list: TListController) => ReactNode;
  /** Offer row checkboxes and bulk actions when the definition has any the user may run (default true). */
  selectable?: boolean;
  /** A screen's own filter panel in place of the generic one (filters the generic fields cannot show). */
  filterPanel?: (list: TListController) => ReactNode;
  /**
   * A screen's own bar for the chosen rows (tagging applicants in multi-select mode): with it the
   * rows are selectable whenever `selectable` is on, and it replaces the bulk actions bar.
   */
  selectionBar?: (selection: TRowSelection) => ReactNode;
}

const NARROW = "(max-width: 600px)";

/**
 * The body of every generic list (react-admin style), top-level or under a parent: search
 * and filter, sortable table (cards on narrow screens), row checkboxes with the bulk
 * actions, and a footer with page size and pages.
 */
export const ResourceListView = ({
  def,
  list,
  result,
  queryKey,
  columns,
  links,
  createAction,
  renderBody,
  renderCards,
  leadingHeader,
  hiddenFilters,
  toolbarExtra,
  selectable = true,
  filterPanel,
  selectionBar,
}: TResourceListViewProps) => {
  const { can } = useSession();
  useRedirectOnError(result.error);
  const narrow = useMediaQuery(NARROW, false, { getInitialValueInEffect: false });
  const page = result.data;
  const pageIds = useMemo(() => page?.data.map((r) => r.id) ?? [], [page]);
  const selection = useRowSelection(pageIds);
  const bulkActions = useMemo(() => bulkActionsOf(def, can), [def, can]);
  const bulkDelete = mayBulkDelete(def, can);
  const rowsSelectable = selectable && (Boolean(selectionBar) || bulkActions.length > 0 || bulkDelete);
  const activeSelection = rowsSelectable ? selection : undefined;

  const nameOf = (record: TResourceRecord) => recordTitle(record, def.titleAttribute);
  const detailsHref = (record: TResourceRecord) => links.details?.(record);
  const rowActions =
    links.edit || links.delete
      ? (record: TResourceRecord) => (
          <RowActions
            name={nameOf(record)}
            editHref={links.edit?.(record)}
            deleteHref={links.delete?.(record)}
          />
        )
      : undefined;

  // A page emptied by deletes (or an old link) moves to the last page that has records.
  const overshoot = page && page.data.length === 0 && list.query.page > 1 && !result.isPlaceholderData;
  useEffect(() => {
    if (overshoot)
      list.setPage(Math.max(1, Math.min(page.lastPage, Math.ceil(page.total / list.query.perPage))));
  }, [overshoot, page, list]);
  const filterable =
    Boolean(filterPanel) || Object.keys(def.filters ?? {}).some((f) => !hiddenFilters?.includes(f));
  const appliedCount = Object.keys(compactFilter(list.state.appliedFilter)).length;
  const filtered = appliedCount > 0 || list.query.search !== "";
  const clearAll = () => {
    list.clearFilter();
    list.setSearchInput("");
    list.applySearch();
  };

  const bodyContext = (current: TListPage): TBodyContext => ({
    queryKey,
    page: current,
    list,
    columns,
    detailsHref,
    rowActions,
    selection: activeSelection,
    nameOf,
  });

  let content: ReactNode;
  if (result.isError && !page) {
    content = <ListError error={result.error} onRetry={() => void result.refetch()} />;
  } else if (page && page.data.length === 0) {
    content = (
      <EmptyList filtered={filtered} many={def.label.many} onClear={clearAll} createAction={createAction} />
    );
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
        selection={activeSelection}
        nameOf={nameOf}
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
        selection={activeSelection}
        nameOf={nameOf}
      />
    );
  }

  return (
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
          {filterPanel ? (
            filterPanel(list)
          ) : (
            <FilterPanel
              def={def}
              values={list.state.filter}
              hidden={hiddenFilters}
              onChange={list.setFilterValue}
              onApply={list.applyFilter}
              onCancel={list.cancelFilter}
              onClear={list.clearFilter}
            />
          )}
        </Collapse>
      ) : null}
      {activeSelection && selectionBar ? (
        <>
          <Divider />
          {selectionBar(activeSelection)}
        </>
      ) : activeSelection && activeSelection.selected.size > 0 ? (
        <>
          <Divider />
          <BulkActionsBar
            def={def}
            selection={activeSelection}
            actions={bulkActions}
            canDelete={bulkDelete}
          />
        </>
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
            estimated={page.estimated}
            lastPage={page.lastPage}
            onPage={list.setPage}
            onPerPage={list.setPerPage}
          />
        </>
      ) : null}
    </Paper>
  );
};
