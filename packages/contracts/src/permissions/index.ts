export * from "./flags.js";
export * from "./keys.js";
export * from "./role-maps.js";
