export { buildOpenApiDocument, openApiDocument, type TOpenApiDocument } from "./document.js";
export { openApiPath, rolesOf } from "./operations.js";
export { SESSION_TEXT } from "./session.js";
