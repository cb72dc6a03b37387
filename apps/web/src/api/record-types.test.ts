import { crewUsers, notifications, ranks, vendors, type TResourceDef } from "@crew/contracts";
import { describe, expect, expectTypeOf, it } from "vitest";
import { recordOf, type TRecordOf, type TStoredFile } from "./record-types";
import type { testResources } from "../lib/test-resources";

type TCrewNotes = ReturnType<typeof testResources>["crewNotes"];

describe("record types inferred from definitions", () => {
  it("reads written attributes from their zod input and computed ones from their kind", () => {
    type R = TRecordOf<typeof ranks>["attributes"];
    expectTypeOf<R["title"]>().toEqualTypeOf<string>();
    expectTypeOf<R["department"]>().toEqualTypeOf<"deck" | "engine" | "galley" | "other">();
    expectTypeOf<R["crewing_priority"]>().toEqualTypeOf<number>();
    expectTypeOf<R["created_at"]>().toEqualTypeOf<string | null>();

    type C = TRecordOf<typeof crewUsers>["attributes"];
    expectTypeOf<C["role"]>().toEqualTypeOf<
      "admin" | "manager" | "guest" | "partner" | "superuser" | "partner_view" | "freelance"
    >();
    // A select the server computes: the values of its options.
    expectTypeOf<C["status"]>().toEqualTypeOf<"active" | "away" | "deactivated" | null>();
    expectTypeOf<C["avatar"]>().toEqualTypeOf<string | null>();
    expectTypeOf<C["hidden_tags"]>().toEqualTypeOf<string[]>();
    expectTypeOf<C>().not.toHaveProperty("password");

    type N = TRecordOf<typeof notifications>["attributes"];
    expectTypeOf<N["shown"]>().toEqualTypeOf<boolean | null>();
    expectTypeOf<TRecordOf<typeof vendors>["attributes"]["title"]>().toEqualTypeOf<string>();

    type F = TRecordOf<TCrewNotes>["attributes"];
    expectTypeOf<F["attachments"]>().toEqualTypeOf<TStoredFile[] | null>();
    expectTypeOf<F["scan"]>().toEqualTypeOf<TStoredFile | null>();
    expectTypeOf<F["body"]>().toEqualTypeOf<string | null>();

    // A definition typed only as TResourceDef tells nothing about its values.
    expectTypeOf<TRecordOf<TResourceDef>["attributes"][string]>().toEqualTypeOf<unknown>();
  });

  it("views a fetched record through its definition without copying it", () => {
    const raw = { type: "ranks", id: "1", attributes: { title: "Master", department: "deck" } };
    const rank = recordOf(ranks, raw);
    expect(rank).toBe(raw);
    expectTypeOf(rank.attributes.department).toEqualTypeOf<"deck" | "engine" | "galley" | "other">();
  });
});
