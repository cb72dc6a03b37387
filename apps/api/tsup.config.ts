import { defineConfig } from "tsup";

// Bundles the server and the worker; workspace packages are inlined, npm packages stay external.
export default defineConfig({
  entry: { main: "src/main.ts", worker: "src/worker.ts" },
  format: ["esm"],
  target: "node20",
  platform: "node",
  outDir: "dist",
  clean: true,
  sourcemap: true,
  noExternal: [/^@crew\//],
});
