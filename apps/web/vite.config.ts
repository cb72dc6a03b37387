import { defineConfig } from "vite";
import react from "@vitejs/plugin-react";

/**
 * Vendor groups: the login page needs React, the router and the small core of Mantine;
 * the rest (dates, drag and drop, the planner's vis-timeline) lands in chunks that only
 * the screens using them pull in. Splitting React out also keeps it cached across deploys.
 */
const VENDOR_GROUPS: { name: string; test: RegExp; priority: number }[] = [
  { name: "vendor-react", test: /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 30 },
  {
    name: "vendor-router",
    test: /[\\/]node_modules[\\/](react-router|react-router-dom|cookie|set-cookie-parser)[\\/]/,
    priority: 30,
  },
  { name: "vendor-query", test: /[\\/]node_modules[\\/]@tanstack[\\/]/, priority: 30 },
];

/** Where `vite dev` sends /api: the API's default port, or API_PROXY_TARGET for another one. */
const env = (globalThis as { process?: { env: Record<string, string | undefined> } }).process?.env ?? {};
const API_TARGET = env.API_PROXY_TARGET ?? "http://localhost:3000";

export default defineConfig({
  plugins: [react()],
  server: {
    port: 5173,
    // Same origin in development as in production: the API answers under /api.
    proxy: { "/api": { target: API_TARGET, changeOrigin: false } },
  },
  preview: {
    port: 4173,
    proxy: { "/api": { target: API_TARGET, changeOrigin: false } },
  },
  build: {
    outDir: "dist",
    emptyOutDir: true,
    // The bundle-size script follows the manifest from index.html to the login chunk.
    manifest: true,
    sourcemap: false,
    chunkSizeWarningLimit: 700,
    rolldownOptions: {
      output: {
        codeSplitting: { groups: VENDOR_GROUPS },
      },
    },
  },
});
