import { defineResource, ranks, vessels } from "@crew/contracts";
import { z } from "zod";
import { describe, expect, it } from "vitest";
import { bindResource, type TResourceEntry } from "../../src/kernel/binding.js";

/**
 * A binding is checked against its Prisma model when it compiles (`pnpm typecheck` runs this
 * file through tsc): each `@ts-expect-error` below must stay an error, or tsc fails.
 */
const misspelt = defineResource({
  ...ranks,
  attributes: { ...ranks.attributes, titel: { label: "Title", kind: "text", input: z.string() } },
});
const withActions = defineResource({
  ...ranks,
  actions: {
    touch: { label: "Touch", method: "POST", on: "member", permission: null },
    tally: { label: "Tally", method: "GET", on: "collection", permission: null },
  },
});
const badFilter = defineResource({
  ...ranks,
  filters: { departmnt: { label: "Department", kind: "text", input: z.string() } },
});

describe("bindings are checked by the compiler", () => {
  it("refuses names that are not columns and accepts hooks that supply them", () => {
    // @ts-expect-error an attribute that is not a column of Rank
    const a: TResourceEntry = bindResource(misspelt, "Rank")({});
    // @ts-expect-error a filter with neither a column nor a hook
    const b: TResourceEntry = bindResource(badFilter, "Rank")({});
    // @ts-expect-error a where-clause naming a column Rank does not have
    const c: TResourceEntry = bindResource(ranks, "Rank")({ scope: () => ({ titel: "x" }) });
    // @ts-expect-error the vessels' owner and manager (no Prisma field of their name) need their storage declared
    const d: TResourceEntry = bindResource(vessels, "Vessel")({});
    const e: TResourceEntry = bindResource(misspelt, "Rank")({ computed: { titel: (row) => row.title } });
    expect([a, b, c, d, e].every((x) => typeof x === "object")).toBe(true);
  });

  it("types a member action's record id as a number, a collection action's as possibly absent", () => {
    const f: TResourceEntry = bindResource(
      withActions,
      "Rank",
    )({
      actions: {
        touch: async (ctx) => {
          const id: number = ctx.id;
          return { document: { id } };
        },
        tally: async (ctx) => {
          // @ts-expect-error a collection action has no record of its own
          const id: number = ctx.id;
          return { document: { id } };
        },
      },
    });
    expect(typeof f).toBe("object");
  });
});
