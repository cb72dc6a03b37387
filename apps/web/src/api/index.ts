/** The API layer other modules use: the fetch client, the data provider, actions, files, query keys, errors. */
export { ApiError, isApiError, firstErrorMessage } from "./api-error";
export {
  API_BASE,
  requestRaw,
  request,
  get,
  post,
  patch,
  del,
  type TFetchedFile,
  type TRequestOptions,
} from "./http-client";
export { apiPaths } from "./api-paths";
export * from "./data-provider";
export {
  runAction,
  runActionFor,
  type TActionAnswer,
  type TActionArgs,
  type TActionInput,
  type TActionName,
  type TActionOf,
} from "./run-action";
export {
  uploadFile,
  uploadFiles,
  uploadToAction,
  uploadErrorMessage,
  FILE_UPLOAD_SPACING_MS,
  type TUploadOutcome,
  type TUploadProgress,
} from "./upload";
export { createPacer, type TPacer } from "./pacer";
export {
  recordOf,
  type TAttributesOf,
  type TAttributeValue,
  type TRecordOf,
  type TStoredFile,
} from "./record-types";
export { queryKeys, typeOfRef, type TResourceRef } from "./query-keys";
export { encodeQuery, type TQuery } from "./query-string";
export { usePublicConfig, type TPublicConfig } from "./public-config";
