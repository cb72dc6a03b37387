import { Modal } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import { useQueryClient } from "@tanstack/react-query";
import { useApiErrorHandler } from "../../errors";
import { notifyError, notifySuccess } from "../../notices";
import { createRecord, updateRecord } from "../data/resource-client";
import type { TResourceRecord } from "../data/resource-types";
import { formIncludes, invalidateResource, useResourceRecord } from "../data/use-resource-queries";
import { useRedirectOnError } from "../data/use-redirect-on-error";
import { useSession } from "../../session/use-session";
import type { TScreenConfig } from "../screen-config";
import { useScreenOverrides } from "../screen-registry";
import { formFields, type TFormMode, type TPayload } from "./form-model";
import { useFormGuard } from "./form-guard";
import { FormSkeleton } from "./FormSkeleton";
import { ResourceForm, type TResourceFormProps, type TSaveOutcome } from "./ResourceForm";

export interface TResourceFormDialogProps {
  config: TScreenConfig;
  mode: TFormMode;
  /** The record edited (update). */
  id?: string;
  /** Closes the dialog (back to the list it opened over). */
  onClose: () => void;
  /** Creates the record another way (under a parent); default: the plain create. */
  create?: (payload: TPayload) => Promise<TResourceRecord>;
  /** Fields the caller fills in (a nested list's parent relationship). */
  hiddenFields?: readonly string[];
}

/**
 * The definition's form (or the resource's own, its screen override's Form) in a dialog.
 * After the save and its file uploads the lists reload, the notice shows and the dialog
 * closes; when files failed it stays open, showing which and why.
 */
export const ResourceFormDialog = ({
  config,
  mode,
  id,
  onClose,
  create,
  hiddenFields,
}: TResourceFormDialogProps) => {
  const { def, messages } = config;
  const queryClient = useQueryClient();
  const handleError = useApiErrorHandler();
  const { can } = useSession();
  const narrow = useMediaQuery("(max-width: 600px)", false, { getInitialValueInEffect: false });
  const existing = useResourceRecord(def, mode === "update" ? id : undefined, formIncludes(def, can));
  useRedirectOnError(existing.error);
  const Form = useScreenOverrides()[def.type]?.Form ?? ResourceForm;
  // Esc, x and Cancel ask before typed changes go; a draft outlives a session that ends (issue 22.11).
  const guard = useFormGuard(onClose);

  const submit = async (payload: TPayload): Promise<TSaveOutcome> => {
    try {
      const record =
        mode === "create"
          ? await (create ?? ((p: TPayload) => createRecord(def, p)))(payload)
          : await updateRecord(def, id ?? "", payload);
      return { record };
    } catch (error) {
      const action = handleError(error);
      return action.kind === "fields" ? { errors: action.fields } : null;
    }
  };

  const saved: TResourceFormProps["onSaved"] = async (_record, failedFiles) => {
    await invalidateResource(queryClient, def.type);
    notifySuccess(mode === "create" ? messages.created : messages.updated);
    if (failedFiles > 0) {
      notifyError(
        failedFiles === 1 ? "One file could not be uploaded" : `${failedFiles} files could not be uploaded`,
      );
      return;
    }
    guard.finish();
    onClose();
  };

  const title =
    mode === "create" ? `New ${def.label.one.toLowerCase()}` : `Edit ${def.label.one.toLowerCase()}`;
  return (
    <Modal
      opened
      onClose={guard.asking ? guard.keepEditing : guard.requestClose}
      title={guard.asking ? "Discard your changes?" : title}
      size="lg"
      fullScreen={narrow}
      styles={{ title: { fontWeight: 650, fontSize: 18 } }}
    >
      {mode === "update" && !existing.data ? (
        existing.isError ? null : (
          <FormSkeleton fields={formFields(def).length} />
        )
      ) : (
        guard.provider(
          <div hidden={guard.asking}>
            <Form
              def={def}
              mode={mode}
              record={existing.data?.record}
              included={existing.data?.included}
              onSubmit={submit}
              onSaved={saved}
              onCancel={guard.requestClose}
              hiddenFields={hiddenFields}
            />
          </div>,
        )
      )}
      {guard.confirm}
    </Modal>
  );
};
