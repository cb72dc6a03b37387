import { createManyReference } from "../../api";
import { useCallback } from "react";
import { Navigate, useLocation, useNavigate, useParams } from "react-router-dom";
import { useSession } from "../../session/use-session";
import { DeleteDialog } from "../form/DeleteRoute";
import type { TFormMode, TPayload } from "../form/form-model";
import { ResourceFormDialog } from "../form/ResourceFormDialog";
import { screenConfigOf, type TScreenConfig } from "../screen-config";
import { useScreenOverrides } from "../screen-registry";
import { childListsOf, type TChildList } from "./child-lists";

/** The child list of the current tab and the way back to it, for the dialogs opened over it. */
const useChildOfTab = (
  parentConfig: TScreenConfig,
): {
  child: TChildList | undefined;
  config: TScreenConfig | undefined;
  parentId: string;
  back: () => void;
} => {
  const { id = "", tab = "" } = useParams();
  const { can } = useSession();
  const navigate = useNavigate();
  const { search } = useLocation();
  const child = childListsOf(parentConfig.def, can).find((c) => c.tab === tab);
  const back = useCallback(
    // Replaced, so Back after a save never opens the form again (issue 22.7).
    () => void navigate({ pathname: `${parentConfig.base}/${id}/${tab}`, search }, { replace: true }),
    [navigate, parentConfig.base, id, tab, search],
  );
  const overrides = useScreenOverrides();
  const config = child ? screenConfigOf(child.def, overrides[child.def.type]?.messages) : undefined;
  return { child, config, parentId: id, back };
};

/** {base}/:id/:tab/new and …/:childId/edit: the child's form, its parent filled in. */
export const RelatedFormRoute = ({
  parentConfig,
  mode,
}: {
  parentConfig: TScreenConfig;
  mode: TFormMode;
}) => {
  const { childId } = useParams();
  const { can } = useSession();
  const { child, config, parentId, back } = useChildOfTab(parentConfig);
  if (!child || !config) return null;
  if (!can(child.def.permission, mode === "create" ? "create" : "update"))
    return <Navigate to="/page-forbidden" replace />;
  const { parent } = child;
  const create = (payload: TPayload) =>
    createManyReference(
      child.def.type,
      { parentType: parent.type, parentId, path: parent.path },
      payload.attributes,
      payload.relationships,
    );
  return (
    <ResourceFormDialog
      config={config}
      mode={mode}
      id={mode === "update" ? childId : undefined}
      onClose={back}
      create={create}
      hiddenFields={[parent.relationship]}
    />
  );
};

/** {base}/:id/:tab/:childId/delete: the child's delete confirmation over its list. */
export const RelatedDeleteRoute = ({ parentConfig }: { parentConfig: TScreenConfig }) => {
  const { childId = "" } = useParams();
  const { can } = useSession();
  const { child, config, back } = useChildOfTab(parentConfig);
  if (!child || !config) return null;
  if (!can(child.def.permission, "delete")) return <Navigate to="/page-forbidden" replace />;
  return <DeleteDialog config={config} id={childId} onClose={back} />;
};
