export { fieldErrorsOf } from "./field-errors";
export { classifyError, serverErrorLines, type TErrorAction } from "./error-action";
export { handleApiError, type TNavigate } from "./handle-api-error";
export { useApiErrorHandler } from "./use-api-error-handler";
export { NotFoundPage } from "./NotFoundPage";
export { ForbiddenPage } from "./ForbiddenPage";
