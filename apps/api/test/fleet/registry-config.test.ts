import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "../../src/config.js";
import { openEquasisPassword, sealEquasisPassword } from "../../src/equasis/equasis-secret.js";
import { registryForDemo } from "../../src/equasis/stand-in-for-demo.js";
import { createLogger } from "../../src/lib/logger.js";
import { testConfig } from "../support/deps.js";

/** The registry's configuration: when the stand-in starts, and the sealed Equasis passwords. */
const logger = createLogger(testConfig());

describe("vessel registry configuration", () => {
  it("production with EQUASIS_URL needs EQUASIS_SECRET; the secret is 32 characters at least", () => {
    const base = {
      NODE_ENV: "production",
      SESSION_SECRET: "s".repeat(40),
      DATABASE_URL: "postgresql://x/y",
      EQUASIS_URL: "https://www.equasis.org",
    };
    expect(() => loadConfig(base)).toThrow(ConfigError);
    expect(() => loadConfig({ ...base, EQUASIS_SECRET: "short" })).toThrow(/EQUASIS_SECRET/);
    expect(loadConfig({ ...base, EQUASIS_SECRET: "e".repeat(32) }).EQUASIS_URL).toBe(
      "https://www.equasis.org",
    );
    expect(() => loadConfig({ EQUASIS_INTERVAL_MS: "-1" })).toThrow(/EQUASIS_INTERVAL_MS/);
  });

  it("the stand-in starts on the embedded default without EQUASIS_URL, or when asked; never silently in production", async () => {
    const demo = await registryForDemo(testConfig({ NODE_ENV: "development" }), true, logger);
    expect(demo.config.EQUASIS_URL).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const home = await fetch(`${demo.config.EQUASIS_URL ?? ""}/EquasisWeb/public/HomePage`);
    expect(await home.text()).toContain('name="j_password"');
    await demo.stop();

    const onPostgres = await registryForDemo(testConfig({ NODE_ENV: "development" }), false, logger);
    expect(onPostgres.config.EQUASIS_URL).toBeUndefined();
    const production = await registryForDemo(
      testConfig({ NODE_ENV: "production", SESSION_SECRET: "s".repeat(40) }),
      true,
      logger,
    );
    expect(production.config.EQUASIS_URL).toBeUndefined();
    const configured = await registryForDemo(
      testConfig({ NODE_ENV: "development", EQUASIS_URL: "https://www.equasis.org" }),
      true,
      logger,
    );
    expect(configured.config.EQUASIS_URL).toBe("https://www.equasis.org");
    const forced = await registryForDemo(
      testConfig({ EQUASIS_STAND_IN: "true", EQUASIS_URL: "https://www.equasis.org" }),
      false,
      logger,
    );
    expect(forced.config.EQUASIS_URL).toMatch(/^http:\/\/127\.0\.0\.1:/);
    await forced.stop();
  });

  it("a saved password is sealed: another key cannot open it, a damaged one is not a crash", () => {
    const config = testConfig({ EQUASIS_SECRET: "k".repeat(40) });
    const sealed = sealEquasisPassword(config, "Equasis pa55 ✓");
    expect(sealed).not.toContain("pa55");
    expect(sealed).not.toBe(sealEquasisPassword(config, "Equasis pa55 ✓"));
    expect(openEquasisPassword(config, sealed)).toBe("Equasis pa55 ✓");
    expect(openEquasisPassword(testConfig({ EQUASIS_SECRET: "o".repeat(40) }), sealed)).toBeNull();
    expect(openEquasisPassword(config, `${sealed.slice(0, -3)}AAA`)).toBeNull();
    expect(openEquasisPassword(config, "not sealed")).toBeNull();
  });
});
