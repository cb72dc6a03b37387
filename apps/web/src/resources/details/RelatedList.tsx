import { useMemo } from "react";
import { Outlet } from "react-router-dom";
import { useSession } from "../../session/use-session";
import { manyReferenceKey, useManyReference } from "../data/use-many-reference";
import { listIncludes } from "../data/use-resource-queries";
import { useNestedListState } from "../list-state/use-list-state";
import { columnsOf } from "../list/columns";
import { ResourceListView } from "../list/ResourceListView";
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

/**
 * A resource's children on its parent's details tab (spec: an applicant's experiences,
 * documents, relatives): the generic list view over `getManyReference`, with new, edit
 * and delete where the child's permission allows, and state kept per parent.
 */
export const RelatedList = ({ child, parentId, tabPath }: TRelatedListProps) => {
  const { def, parent } = child;
  const { can } = useSession();
  const config = screenConfigOf(def);
  const list = useNestedListState({ list: config.list, parentType: parent.type, parentId, defaultSort: def.defaultSort });
  const ref = useMemo(() => ({ parentType: parent.type, parentId, path: parent.path }), [parent, parentId]);
  const include = useMemo(() => listIncludes(def, can).filter((name) => name !== parent.relationship), [def, can, parent]);
  const result = useManyReference(def, ref, list.query, include);
  // Every row belongs to this parent: its column would repeat the page's own title.
  const columns = useMemo(() => columnsOf(def).filter((c) => c.key !== parent.relationship), [def, parent]);

  const search = list.search;
  const canUpdate = can(def.permission, "update");
  const canCreate = canUpdate && can(def.permission, "create") && def.verbs.includes("create");
  const canDelete = can(def.permission, "delete") && def.verbs.includes("delete");
  const newHref = `${tabPath}/new${search}`;
  const createButton = canCreate ? <NewChildButton to={newHref}>{`New ${def.label.one.toLowerCase()}`}</NewChildButton> : undefined;

  return (
    <>
      <ChildListHeading title={def.label.many}>{createButton}</ChildListHeading>
      <ResourceListView
        def={def}
        list={list}
        result={result}
        queryKey={manyReferenceKey(def, ref, list.query, include)}
        columns={columns}
        createAction={createButton}
        links={{
          details: def.route && def.verbs.includes("show") ? (record) => `${def.route ?? ""}/${record.id}/details` : undefined,
          ...childRowLinks(tabPath, search, { edit: canUpdate && def.verbs.includes("update"), delete: canDelete }),
        }}
      />
      <Outlet />
    </>
  );
};
