import type * as Contracts from "@crew/contracts";
import { z } from "zod";

type TContracts = typeof Contracts;

/**
 * Test-only definitions that exercise the generic engine (children under a parent, to-many
 * relationships, bulk actions, files) apart from any shipped resource: toy names, so none
 * shadows a real definition.
 * Tests add them to the contracts' RESOURCES with
 * `vi.mock("@crew/contracts", async (original) => withTestResources(await original()))`.
 */
export const testResources = (c: TContracts) => {
  /** Toy children under applicants (nested create) and vessels (a path of its own); no shipped resource's name. */
  const voyageLogs = c.defineResource({
    type: "voyage_logs",
    permission: "userExperiences",
    label: { one: "Voyage log", many: "Voyage logs" },
    titleAttribute: "vessel",
    attributes: {
      vessel: {
        label: "Vessel",
        kind: "text",
        input: z.string().min(1),
        required: true,
        list: true,
        sortable: true,
      },
    },
    defaultSort: "-vessel",
    verbs: c.ALL_VERBS,
    parents: [
      { type: "users", relationship: "user", create: true },
      { type: "vessels", relationship: "vessel_record", path: "logbook" },
    ],
  });
  /** Notes about a crew user: nested under clients, with files, a rich text and a to-many. */
  const crewNotes = c.defineResource({
    type: "crew_notes",
    permission: "crewUsers",
    label: { one: "Note", many: "Notes" },
    titleAttribute: "title",
    attributes: {
      title: {
        label: "Title",
        kind: "text",
        input: z.string().min(1, "can't be blank"),
        required: true,
        list: true,
        sortable: true,
      },
      body: { label: "Body", kind: "richtext", input: z.string().nullable() },
      scan: { label: "Scan", kind: "image", file: { accept: "image" } },
      attachments: { label: "Attachments", kind: "files", file: { accept: "applicantFile", multiple: true } },
      created_at: { label: "Created", kind: "datetime", list: true, sortable: true },
    },
    relationships: {
      client: { label: "User", type: "clients", cardinality: "one" },
      ranks: { label: "Ranks", type: "ranks", cardinality: "many", form: true },
    },
    search: ["title"],
    defaultSort: "-created_at",
    verbs: c.ALL_VERBS,
    parents: [{ type: "clients", relationship: "client", create: true }],
    actions: {
      archive: {
        label: "Archive",
        method: "POST",
        on: "collection",
        input: z.strictObject({ ids: z.array(z.coerce.number().int()).min(1) }),
      },
      pin: { label: "Pin", method: "POST", on: "member" },
      export: { label: "Export", method: "GET", on: "collection" },
    },
  });
  return { voyageLogs, crewNotes };
};

export const withTestResources = (original: TContracts): TContracts => {
  const extra = testResources(original);
  const resources: Readonly<Record<string, Contracts.TResourceDef>> = {
    ...original.RESOURCES,
    ...Object.fromEntries(Object.values(extra).map((d) => [d.type, d])),
  };
  return {
    ...original,
    RESOURCES: resources,
    resourceByType: (type: string) => (Object.hasOwn(resources, type) ? resources[type] : undefined),
  };
};
