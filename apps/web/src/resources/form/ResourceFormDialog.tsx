import { Modal } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import { notifyError } from "../../notices";
import { createRecord, updateRecord } from "../data/resource-client";
import type { TResourceRecord } from "../data/resource-types";
import { formIncludes, useResourceRecord } from "../data/use-resource-queries";
import { useResourceMutation } from "../data/use-resource-mutation";
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
  const { can } = useSession();
  const narrow = useMediaQuery("(max-width: 600px)", false, { getInitialValueInEffect: false });
  const existing = useResourceRecord(def, mode === "update" ? id : undefined, formIncludes(def, can));
  useRedirectOnError(existing.error);
  const Form = useScreenOverrides()[def.type]?.Form ?? ResourceForm;
  // Esc, x and Cancel ask before typed changes go; a draft outlives a session that ends (issue 22.11).
  const guard = useFormGuard(onClose);

  // The record's write: a 422's field messages go back to the form, other failures by spec 000 §8.
  const write = useResourceMutation<TPayload, TResourceRecord>({
    mutationFn: (payload) =>
      mode === "create"
        ? (create ?? ((p: TPayload) => createRecord(def, p)))(payload)
        : updateRecord(def, id ?? "", payload),
  });
  const submit = async (payload: TPayload): Promise<TSaveOutcome> => {
    const outcome = await write.attempt(payload);
    if (outcome.ok) return { record: outcome.result };
    return outcome.failure?.kind === "fields" ? { errors: outcome.failure.fields } : null;
  };

  // After the record and its files (ResourceForm uploads between the two): the notice and the
  // reload once everything is on the server. `failedFiles` is what is left to say.
  const finish = useResourceMutation<number, number>({
    mutationFn: async (failedFiles) => failedFiles,
    invalidates: [def],
    notice: mode === "create" ? messages.created : messages.updated,
    onSuccess: (failedFiles) => {
      if (failedFiles > 0) {
        notifyError(
          failedFiles === 1 ? "One file could not be uploaded" : `${failedFiles} files could not be uploaded`,
        );
        return;
      }
      guard.finish();
      onClose();
    },
  });
  const saved: TResourceFormProps["onSaved"] = async (_record, failedFiles) => {
    await finish.mutateAsync(failedFiles);
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
