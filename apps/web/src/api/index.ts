/** The API layer other modules use: the fetch client, the data provider, query keys, errors. */
export { ApiError, isApiError, firstErrorMessage } from "./api-error";
export { API_BASE, requestRaw, request, get, post, patch, del, type TRequestOptions } from "./http-client";
export {
  dataProvider,
  getList,
  getOne,
  create,
  update,
  remove,
  pageNumberOf,
  type TAttributes,
  type TFilterValue,
  type TListParams,
  type TListResult,
  type TOneResult,
  type TRelationshipsInput,
} from "./data-provider";
export { queryKeys } from "./query-keys";
export { encodeQuery, type TQuery } from "./query-string";
export { usePublicConfig, type TPublicConfig } from "./public-config";
