import { firstErrorMessage, isApiError } from "../../api/api-error";

/**
 * What a refused move says (spec 002 §8): a 422 shows its first error's detail in a toast (the
 * field and its message, or the server's whole sentence naming the seafarer and the days);
 * anything else the status and the server's text.
 */
export const moveErrorNotice = (error: unknown): { title: string; message: string } => {
  if (isApiError(error) && error.status === 422) {
    const first = error.apiErrors[0];
    const field = first?.source?.pointer?.split("/")[3];
    return {
      title: "The plan was not moved",
      message: first?.detail ?? ([field, first?.title].filter(Boolean).join(" ") || firstErrorMessage(error)),
    };
  }
  return { title: isApiError(error) ? error.message : "Error", message: firstErrorMessage(error) };
};
