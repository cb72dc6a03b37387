import { DEFAULT_PAGE_SIZE } from "@crew/contracts";
import { Group } from "@mantine/core";
import { useEffect, useMemo, type ReactNode } from "react";
import { Outlet, useLocation } from "react-router-dom";
import { useSession } from "../../session/use-session";
import type { TResourceRecord } from "../data/resource-types";
import { manyReferenceKey, useManyReference } from "../data/use-many-reference";
import { listIncludes } from "../data/use-resource-queries";
import { useNestedListState, type TListController } from "../list-state/use-list-state";
import { columnsOf, type TColumn } from "../list/columns";
import { ResourceListView, type TResourceListViewProps } from "../list/ResourceListView";
import { screenConfigOf } from "../screen-config";
import { childRowLinks } from "./child-links";
import type { TChildList } from "./child-lists";
import { ChildListHeading, NewChildButton } from "./ChildListHeading";

export interface TRelatedListProps {
  child: TChildList;
  parentId: string;
  /** The details tab this list is on (`/crew-users/5/notes`): its dialogs open under it. */
  tabPath: string;
}

/** What a resource's own list under a parent sees while it shapes the generic one. */
export interface TRelatedListState {
  list: TListController;
  /** The rows of the page on screen (none while loading). */
  rows: readonly TResourceRecord[];
}

/** What a resource's own list under a parent changes of the generic one; the rest stays. */
export interface TRelatedListOptions {
  /** Columns in place of the definition's list columns. */
  columns?: (state: TRelatedListState) => TColumn[];
  /** Relationships to include in place of the list's to-one columns. */
  include?: readonly string[];
  /** Buttons beside "New …" in the heading (a CV print, renaming files). */
  headingExtras?: ReactNode;
  /**
   * Rows per page when the address names none (spec 001 §9: twelve sea-service records, every
   * document): a list at the default size takes it; `pageSizeAlways`, whatever the list kept.
   */
  pageSize?: number;
  pageSizeAlways?: boolean;
  /** The create button's words (default "New <one>"). */
  newLabel?: string;
  /** Writes this list offers, within what the permissions and the definition allow (default all). */
  writes?: { create?: boolean; edit?: boolean; delete?: boolean };
  /** More of the list view: no row selection, a leading column, a table body of its own. */
  view?: (
    state: TRelatedListState,
  ) => Partial<Pick<TResourceListViewProps, "selectable" | "leadingHeader" | "renderBody">>;
  /** Under the list (a drawer over one row). */
  after?: (state: TRelatedListState) => ReactNode;
}

/**
 * A resource's children on its parent's details tab (spec: an applicant's experiences,
 * documents, relatives): the generic list view over `getManyReference`, with new, edit
 * and delete where the child's permission allows, and state kept per parent. A resource's
 * own list (sea service, documents) passes its columns, includes, heading and page size.
 */
export const RelatedList = ({
  child,
  parentId,
  tabPath,
  ...options
}: TRelatedListProps & TRelatedListOptions) => {
  const { def, parent } = child;
  const { can } = useSession();
  const { search: address } = useLocation();
  const config = screenConfigOf(def);
  const list = useNestedListState({
    list: config.list,
    parentType: parent.type,
    parentId,
    defaultSort: def.defaultSort,
  });
  const { pageSize, pageSizeAlways = false } = options;
  const { setPerPage } = list;
  const named = new URLSearchParams(address).has("perPage");
  const resize =
    pageSize !== undefined &&
    !named &&
    list.query.perPage !== pageSize &&
    (pageSizeAlways || list.query.perPage === DEFAULT_PAGE_SIZE);
  useEffect(() => {
    if (resize && pageSize !== undefined) setPerPage(pageSize);
  }, [resize, pageSize, setPerPage]);
  // Asked at its size from the first request: a second request would abort the first (and with it a rotated session token).
  const query = resize ? { ...list.query, perPage: pageSize ?? list.query.perPage } : list.query;
  const ref = useMemo(() => ({ parentType: parent.type, parentId, path: parent.path }), [parent, parentId]);
  const chosenInclude = options.include;
  const include = useMemo(
    () => chosenInclude ?? listIncludes(def, can).filter((name) => name !== parent.relationship),
    [chosenInclude, def, can, parent],
  );
  const result = useManyReference(def, ref, query, include);
  const state: TRelatedListState = { list, rows: result.data?.data ?? [] };
  // Every row belongs to this parent: its column would repeat the page's own title.
  const generic = useMemo(() => columnsOf(def).filter((c) => c.key !== parent.relationship), [def, parent]);
  const columns = options.columns ? options.columns(state) : generic;

  const search = list.search;
  const writes = options.writes ?? {};
  const canUpdate = can(def.permission, "update");
  const canCreate =
    (writes.create ?? true) && canUpdate && can(def.permission, "create") && def.verbs.includes("create");
  const canEdit = (writes.edit ?? true) && canUpdate && def.verbs.includes("update");
  const canDelete = (writes.delete ?? true) && can(def.permission, "delete") && def.verbs.includes("delete");
  const newHref = `${tabPath}/new${search}`;
  const createButton = canCreate ? (
    <NewChildButton to={newHref}>{options.newLabel ?? `New ${def.label.one.toLowerCase()}`}</NewChildButton>
  ) : undefined;

  return (
    <>
      <ChildListHeading title={def.label.many}>
        {options.headingExtras ? (
          <Group gap="xs">
            {options.headingExtras}
            {createButton}
          </Group>
        ) : (
          createButton
        )}
      </ChildListHeading>
      <ResourceListView
        def={def}
        list={list}
        result={result}
        queryKey={manyReferenceKey(def, ref, query, include)}
        columns={columns}
        createAction={createButton}
        links={{
          details:
            def.route && def.verbs.includes("show")
              ? (record) => `${def.route ?? ""}/${record.id}/details`
              : undefined,
          ...childRowLinks(tabPath, search, { edit: canEdit, delete: canDelete }),
        }}
        {...options.view?.(state)}
      />
      {options.after?.(state)}
      <Outlet />
    </>
  );
};
