import { readFileSync } from "node:fs";
import { describe, expect, inject, it } from "vitest";
import { ConfigError, loadConfig } from "../src/config.js";
import { findUp } from "../src/lib/find-up.js";

const configError = (env: Record<string, string>): string => {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.message;
    throw error;
  }
  throw new Error("loadConfig accepted a bad configuration");
};

// Pure functions: once per run is enough.
describe.runIf(inject("embedded"))("configuration", () => {
  it("stops on a bad value with a message naming the variable", () => {
    expect(configError({ PORT: "abc" })).toMatch(/^Invalid configuration[^\n]*\n\s+PORT: /);
    expect(configError({ DATABASE_URL: "mysql://x" })).toMatch(
      /DATABASE_URL: must be a postgresql:\/\/ address/,
    );
    expect(configError({ REDIS_URL: "http://x" })).toMatch(/REDIS_URL: must be a redis:\/\/ address/);
    expect(configError({ LOG_LEVEL: "loud" })).toMatch(/LOG_LEVEL: /);
    const both = configError({ PORT: "70000", SEED_DEMO: "yes" });
    expect(both).toMatch(/PORT: /);
    expect(both).toMatch(/SEED_DEMO: /);
  });

  it("refuses several API processes without PostgreSQL and Redis", () => {
    expect(configError({ API_PROCESSES: "2" })).toMatch(
      /API_PROCESSES: 2 needs DATABASE_URL .* and REDIS_URL/,
    );
    expect(configError({ API_PROCESSES: "auto", DATABASE_URL: "postgresql://h/db" })).toMatch(
      /API_PROCESSES: auto needs/,
    );
    expect(configError({ API_PROCESSES: "2", REDIS_URL: "redis://h:6379" })).toMatch(
      /API_PROCESSES: 2 needs/,
    );
    expect(configError({ API_PROCESSES: "0" })).toMatch(/API_PROCESSES: /);
    const both = { DATABASE_URL: "postgresql://h/db", REDIS_URL: "redis://h:6379" };
    expect(loadConfig({ ...both, API_PROCESSES: "3" }).API_PROCESSES).toBe(3);
    expect(loadConfig({ ...both, API_PROCESSES: "auto" }).API_PROCESSES).toBe("auto");
    expect(loadConfig({}).API_PROCESSES).toBe(1);
  });

  it("requires SESSION_SECRET in production on a real database", () => {
    expect(configError({ NODE_ENV: "production", DATABASE_URL: "postgresql://db/crew" })).toMatch(
      /SESSION_SECRET: required in production/,
    );
  });

  it("has defaults for a laptop and treats an empty value as unset", () => {
    const config = loadConfig({ PORT: "", DATABASE_URL: "" });
    expect(config).toMatchObject({
      PORT: 3000,
      HOST: "0.0.0.0",
      DATA_DIR: "./.data",
      SEED_DEMO: "auto",
      INLINE_WORKER: false,
    });
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.dataDir).toMatch(/\/\.data$/);
  });

  it("documents every variable in .env.example", () => {
    const source = readFileSync(new URL("../src/config.ts", import.meta.url), "utf8");
    const schema = source.slice(source.indexOf("z.object({"), source.indexOf("\n});"));
    const variables = [...schema.matchAll(/^ {2}([A-Z][A-Z0-9_]*):/gm)].map((m) => m[1]);
    expect(variables.length).toBeGreaterThan(10);
    const example = findUp(".env.example");
    if (!example) throw new Error(".env.example not found");
    const documented = new Set(
      [...readFileSync(example, "utf8").matchAll(/^#?\s*([A-Z][A-Z0-9_]*)=/gm)].map((m) => m[1]),
    );
    expect(variables.filter((v) => !documented.has(v))).toEqual([]);
  });
});
