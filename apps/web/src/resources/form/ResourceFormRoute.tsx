import { useParams } from "react-router-dom";
import type { TScreenConfig } from "../screen-config";
import type { TFormMode } from "./form-model";
import { ResourceFormDialog } from "./ResourceFormDialog";
import { useBackToList } from "./use-back-to-list";

/**
 * {base}/new and {base}/:id/edit: the form in a dialog over the list, which stays on screen
 * with its page and filter; the dialog closes back to it.
 */
export const ResourceFormRoute = ({ config, mode }: { config: TScreenConfig; mode: TFormMode }) => {
  const { id } = useParams();
  const back = useBackToList(config.base);
  return (
    <ResourceFormDialog config={config} mode={mode} id={mode === "update" ? id : undefined} onClose={back} />
  );
};

/** {base}/:id/:tab/edit (spec 002 §2): the edit form over a record's details tab, closing back to it. */
export const DetailsEditRoute = ({ config }: { config: TScreenConfig }) => {
  const { id = "" } = useParams();
  const back = useBackToList(config.base);
  return <ResourceFormDialog config={config} mode="update" id={id} onClose={back} />;
};
