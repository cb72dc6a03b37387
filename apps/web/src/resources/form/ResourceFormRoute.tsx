import { Modal } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import { useQueryClient } from "@tanstack/react-query";
import { useParams } from "react-router-dom";
import { notifySuccess } from "../../notices";
import { useApiErrorHandler } from "../../errors";
import { createRecord, updateRecord } from "../data/resource-client";
import { invalidateResource, useResourceRecord } from "../data/use-resource-queries";
import type { TScreenConfig } from "../screen-config";
import { formFields, type TFieldErrors, type TFormMode, type TPayload } from "./form-model";
import { FormSkeleton } from "./FormSkeleton";
import { ResourceForm } from "./ResourceForm";
import { useBackToList } from "./use-back-to-list";
import { useRedirectOnError } from "../data/use-redirect-on-error";

/**
 * {base}/new and {base}/:id/edit: the definition's form in a dialog over the list. After
 * success the list reloads, the notice shows and the dialog closes back to the list.
 */
export const ResourceFormRoute = ({ config, mode }: { config: TScreenConfig; mode: TFormMode }) => {
  const { def, messages } = config;
  const { id } = useParams();
  const back = useBackToList(config.base);
  const queryClient = useQueryClient();
  const handleError = useApiErrorHandler();
  const narrow = useMediaQuery("(max-width: 600px)", false, { getInitialValueInEffect: false });
  const existing = useResourceRecord(def, mode === "update" ? id : undefined);
  useRedirectOnError(existing.error);

  const submit = async (payload: TPayload): Promise<TFieldErrors | void> => {
    try {
      if (mode === "create") await createRecord(def, payload);
      else await updateRecord(def, id ?? "", payload);
    } catch (error) {
      const action = handleError(error);
      return action.kind === "fields" ? action.fields : undefined;
    }
    await invalidateResource(queryClient, def.type);
    notifySuccess(mode === "create" ? messages.created : messages.updated);
    back();
  };

  const title = mode === "create" ? `New ${def.label.one.toLowerCase()}` : `Edit ${def.label.one.toLowerCase()}`;
  return (
    <Modal opened onClose={back} title={title} size="lg" fullScreen={narrow} styles={{ title: { fontWeight: 650, fontSize: 18 } }}>
      {mode === "update" && !existing.data ? (
        existing.isError ? null : <FormSkeleton fields={formFields(def).length} />
      ) : (
        <ResourceForm
          def={def}
          mode={mode}
          record={existing.data?.record}
          included={existing.data?.included}
          onSubmit={submit}
          onCancel={back}
        />
      )}
    </Modal>
  );
};
