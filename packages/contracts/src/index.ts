export * from "./auth.js";
export * from "./constants.js";
export * from "./jsonapi.js";
export * from "./permissions/index.js";
export * from "./resource.js";
export * from "./resources/index.js";
export * from "./roles.js";
