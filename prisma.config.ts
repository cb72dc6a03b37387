// Prisma 7 reads no .env by itself, and env() throws when a variable is unset (even for
// `generate`), so the URL is read from process.env with a harmless fallback.
import { defineConfig } from "prisma/config";

export default defineConfig({
  schema: "prisma/schema.prisma",
  migrations: { path: "prisma/migrations" },
  datasource: { url: process.env.DATABASE_URL ?? "postgresql://postgres@127.0.0.1:5432/postgres" },
});
