import * as contracts from "@crew/contracts";
import { fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { TFileDraft } from "../../resources/fields/file-draft";
import { ResourceForm } from "../../resources/form/ResourceForm";
import { fetchRoutes, renderWithProviders, sentJson, urlOf } from "../../lib/test-utils";
import { testResources } from "../../lib/test-resources";
import { templateChanges } from "../fleet/owner-form-changes";
import { sendOwnerTerms, termsChanged, termsChanges, type TOwnerTerms } from "./owner-terms";

const { crewNotes } = testResources(contracts);
const stored: TOwnerTerms = { terms: "Paid monthly", contract_terms: null, fees: { "1": 500, "2": 300 } };
const body = (attributes: Record<string, unknown>) => ({ data: { type: "owner_level_fees", attributes } });
const owner = () =>
  new Response(JSON.stringify({ data: { type: "owners", id: "9", attributes: {} } }), {
    status: 200,
    headers: { "Content-Type": "application/vnd.api+json" },
  });

describe("the owner's terms: what a save changes, and only that is sent", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("lists each changed text and fee, by level and in the owner's currency", () => {
    const next: TOwnerTerms = {
      terms: "Paid weekly",
      contract_terms: "CBA applies",
      fees: { "1": 600, "2": 300, "3": 100 },
    };
    expect(termsChanged(stored, stored)).toBe(false);
    expect(termsChanged(stored, next)).toBe(true);
    expect(termsChanges(stored, next, { "1": "Management", "3": "Support" }, "USD")).toEqual([
      "Terms: changed to “Paid weekly”",
      "Fee, Management level: USD 500 → USD 600",
      "Fee, Support level: none → USD 100",
      "Contract terms: set to “CBA applies”",
    ]);
    expect(
      termsChanges(stored, { ...stored, terms: null, fees: { ...stored.fees, "2": null } }, {}, ""),
    ).toEqual(["Terms: cleared", "Fee, level 2 level: cleared (was 300)"]);
  });

  it("names the templates to upload and to remove", () => {
    const stale = {
      id: 4,
      filename: "old.docx",
      url: "/files/4",
      content_type: "application/octet-stream",
      byte_size: 1,
    };
    const drafts: Record<string, TFileDraft> = {
      contract_template: {
        kind: "file-draft",
        items: [{ key: "n1", file: new File(["x"], "contract.docx") }],
        removed: [stale],
      },
      document_templates: {
        kind: "file-draft",
        items: [],
        removed: [{ ...stale, id: 5, filename: "nda.docx" }],
      },
    };
    expect(templateChanges(drafts)).toEqual([
      "Contract template: upload contract.docx",
      "Contract template: remove old.docx",
      "Document templates: remove nda.docx",
    ]);
  });

  it("sends update_terms, update_level_terms and update_contract_terms in that order, each only when changed", async () => {
    const fetchMock = vi.fn(
      fetchRoutes({
        "POST /api/owners/9/update_terms": owner,
        "POST /api/owners/9/update_level_terms": owner,
        "POST /api/owners/9/update_contract_terms": owner,
      }),
    );
    vi.stubGlobal("fetch", fetchMock);
    await sendOwnerTerms("9", { ...stored, fees: { "1": 650, "2": 300 }, contract_terms: "CBA" }, stored);
    const calls = fetchMock.mock.calls.map(([url, init]) => [urlOf(url).split("?")[0], sentJson(init)]);
    expect(calls).toEqual([
      ["/api/owners/9/update_level_terms", body({ levels: [{ level_id: 1, fee: 650 }] })],
      ["/api/owners/9/update_contract_terms", body({ contract_terms: "CBA" })],
    ]);
    fetchMock.mockClear();
    await sendOwnerTerms("9", stored, stored);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("a form with a review shows what will change and saves only after Confirm; Back returns to the form", async () => {
    const onSubmit = vi.fn(async () => ({ record: { type: "crew_notes", id: "7", attributes: {} } }));
    const onSaved = vi.fn();
    renderWithProviders(
      <ResourceForm
        def={crewNotes}
        mode="create"
        onSubmit={onSubmit}
        onSaved={onSaved}
        onCancel={() => undefined}
        review={() => ["Terms: set to “Paid monthly”"]}
      />,
    );
    fireEvent.change(screen.getByRole("textbox", { name: /^Title/ }), { target: { value: "Visa" } });
    fireEvent.click(screen.getByRole("button", { name: "Create" }));
    expect(await screen.findByText("Terms: set to “Paid monthly”")).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole("button", { name: "Back" }));
    fireEvent.click(await screen.findByRole("button", { name: "Create" }));
    fireEvent.click(await screen.findByRole("button", { name: "Confirm and save" }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledTimes(1));
    expect(onSubmit).toHaveBeenCalledTimes(1);
  });
});
