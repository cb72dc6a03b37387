import * as contracts from "@crew/contracts";
import { crewUsers, crewChanges, ports, ranks, vendors, vesselTypes } from "@crew/contracts";
import { describe, expect, it } from "vitest";
import { testResources } from "../../lib/test-resources";
import { isFileDraft } from "../fields/file-draft";
import {
  fieldMessage,
  fileDrafts,
  formFields,
  initialValues,
  toPayload,
  validatePayload,
} from "./form-model";

const { crewNotes } = testResources(contracts);

describe("form built from a definition", () => {
  it("offers written attributes and editable to-one relationships", () => {
    expect(formFields(vendors).map((f) => f.name)).toEqual(["title", "vendor_type"]);
    // Server-computed and hidden attributes stay off the form.
    expect(formFields(ranks).map((f) => f.name)).toEqual(["title", "department", "role_level"]);
    expect(formFields(crewUsers).map((f) => f.name)).toEqual([
      "name",
      "email",
      "password",
      "role",
      "avatar",
      "equasis_email",
      "port",
    ]);
  });

  it("starts a record's values from its attributes and relationships, never its password", () => {
    const values = initialValues(vendors, {
      type: "vendors",
      id: "3",
      attributes: { title: "Crew Travel" },
      relationships: { vendor_type: { data: { type: "vendor_types", id: "9" } } },
    });
    expect(values).toEqual({ title: "Crew Travel", vendor_type: "9" });
    expect(
      initialValues(crewUsers, { type: "clients", id: "1", attributes: { password: "x" } }).password,
    ).toBe("");
  });
});

describe("client-side validation with the server's zod schema", () => {
  it("names a blank required field", () => {
    const values = initialValues(vesselTypes);
    const payload = toPayload(vesselTypes, "create", values, values);
    expect(validatePayload(vesselTypes, "create", payload)).toEqual({ title: "can't be blank" });
  });

  it("names a missing required choice like the server does", () => {
    const values = { ...initialValues(ranks), title: "Cadet" };
    expect(validatePayload(ranks, "create", toPayload(ranks, "create", values, values))).toEqual({
      department: "can't be blank",
    });
  });

  it("refuses a short password on create", () => {
    const values = {
      ...initialValues(crewUsers),
      name: "A",
      email: "a@b.co",
      role: "guest",
      password: "short",
    };
    expect(validatePayload(crewUsers, "create", toPayload(crewUsers, "create", values, values))).toEqual({
      password: "is too short (minimum is 8 characters)",
    });
  });

  it("fails when a required field is cleared on update", () => {
    const initial = initialValues(vesselTypes, {
      type: "vessel_types",
      id: "1",
      attributes: { title: "Reefer" },
    });
    const payload = toPayload(vesselTypes, "update", { title: "" }, initial);
    expect(validatePayload(vesselTypes, "update", payload)).toEqual({ title: "can't be blank" });
  });
});

describe("rules over several fields (the definition's, checked as the server checks them)", () => {
  it("names a sign-on date before the crew change's date, on create and when only one date changes", () => {
    const values = {
      ...initialValues(crewChanges),
      date: "2026-05-10T00:00:00.000Z",
      date_sign_on: "2026-05-09T00:00:00.000Z",
    };
    expect(
      validatePayload(crewChanges, "create", toPayload(crewChanges, "create", values, values), values)
        .date_sign_on,
    ).toBe("must not be before the date of the crew change");
    const stored = { ...values, date_sign_on: "2026-05-12T00:00:00.000Z" };
    expect(
      validatePayload(crewChanges, "update", toPayload(crewChanges, "update", values, stored), values)
        .date_sign_on,
    ).toBe("must not be before the date of the crew change");
    expect(
      validatePayload(crewChanges, "update", toPayload(crewChanges, "update", stored, values), stored)
        .date_sign_on,
    ).toBeUndefined();
  });
});

describe("payload", () => {
  it("sends only what changed on update; an untouched password is not sent", () => {
    const initial = initialValues(crewUsers, {
      type: "clients",
      id: "1",
      attributes: { name: "Anna", email: "a@b.co", role: "admin" },
    });
    const payload = toPayload(crewUsers, "update", { ...initial, name: "Anna B" }, initial);
    expect(payload.attributes).toEqual({ name: "Anna B" });
  });

  it("clears a nullable attribute with null and a relationship with null", () => {
    const initial = initialValues(ports, {
      type: "ports",
      id: "1",
      attributes: { name: "Rotterdam", locode: "NLRTM" },
      relationships: { country: { data: { type: "countries", id: "4" } } },
    });
    const payload = toPayload(ports, "update", { ...initial, locode: "", country: null }, initial);
    expect(payload).toEqual({ attributes: { locode: null }, relationships: { country: null } });
  });

  it("sends relationships as identifiers", () => {
    const values = { title: "New vendor", vendor_type: "7" };
    expect(toPayload(vendors, "create", values, initialValues(vendors)).relationships).toEqual({
      vendor_type: { type: "vendor_types", id: "7" },
    });
  });

  it("words a server message under its field label", () => {
    expect(fieldMessage("Title", "has already been taken")).toBe("Title has already been taken");
    expect(fieldMessage("Title", "Choose another title")).toBe("Choose another title");
  });
});

describe("to-many relationships and files on the generic form", () => {
  const note = {
    type: "crew_notes",
    id: "4",
    attributes: {
      title: "Visa",
      body: null,
      scan: null,
      attachments: [
        { id: 9, filename: "visa.pdf", content_type: "application/pdf", byte_size: 5, url: "/api/files/9" },
      ],
    },
    relationships: {
      ranks: {
        data: [
          { type: "ranks", id: "1" },
          { type: "ranks", id: "3" },
        ],
      },
      client: { data: { type: "clients", id: "2" } },
    },
  };

  it("offers file fields and editable to-many relationships, not the parent", () => {
    expect(formFields(crewNotes).map((f) => `${f.name}:${f.source}`)).toEqual([
      "title:attribute",
      "body:attribute",
      "scan:file",
      "attachments:file",
      "ranks:relationship",
    ]);
  });

  it("starts a to-many from its linkage and a file field from the stored files", () => {
    const values = initialValues(crewNotes, note);
    expect(values.ranks).toEqual(["1", "3"]);
    const attachments = values.attachments;
    expect(isFileDraft(attachments) && attachments.items.map((i) => i.stored?.filename)).toEqual([
      "visa.pdf",
    ]);
    expect(Object.keys(fileDrafts(crewNotes, values))).toEqual(["scan", "attachments"]);
  });

  it("sends the full new list of a changed to-many and never files in the write body", () => {
    const initial = initialValues(crewNotes, note);
    const payload = toPayload(crewNotes, "update", { ...initial, ranks: ["3", "5"] }, initial);
    expect(payload).toEqual({
      attributes: {},
      relationships: {
        ranks: [
          { type: "ranks", id: "3" },
          { type: "ranks", id: "5" },
        ],
      },
    });
  });
});
