import { ranks, type TAttributeDef, type TFieldKind } from "@crew/contracts";
import { fireEvent, screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { renderWithProviders } from "../../lib/test-utils";
import { columnsOf } from "../list/columns";
import { DEFAULT_FIELD_KINDS } from "./default-field-kinds";
import {
  FieldCell,
  FieldDisplay,
  FieldInput,
  FieldKinds,
  fieldKindView,
  registerFieldKind,
} from "./field-kinds";

const KINDS: TFieldKind[] = [
  "text",
  "textarea",
  "email",
  "password",
  "number",
  "money",
  "phone",
  "boolean",
  "select",
  "date",
  "datetime",
  "tags",
  "richtext",
  "image",
  "file",
  "files",
];
const attr = (kind: TFieldKind, extra: Partial<TAttributeDef> = {}): TAttributeDef => ({
  label: "Field",
  kind,
  ...extra,
});

describe("field-kind registry", () => {
  it("has an input, a cell, a display and a text for every kind of the contracts", () => {
    for (const kind of KINDS) {
      const view = fieldKindView(kind);
      expect(view, kind).toMatchObject({
        Input: expect.anything(),
        Cell: expect.anything(),
        Display: expect.anything(),
      });
      expect(typeof view.text(attr(kind), null)).toBe("string");
    }
    expect(Object.keys(DEFAULT_FIELD_KINDS).sort()).toEqual([...KINDS].sort());
  });

  it("shows values by kind: money with two decimals, booleans as a mark, tags as badges, e-mail as a link", () => {
    renderWithProviders(
      <>
        <FieldCell name="wage" attr={attr("money")} value={2500} />
        <FieldCell name="hot" attr={attr("boolean")} value={true} />
        <FieldDisplay name="tags" attr={attr("tags")} value={["deck", "tanker"]} />
        <FieldDisplay name="email" attr={attr("email")} value="ann@example.com" />
      </>,
    );
    screen.getByText(/^2.500\.00$/);
    screen.getByLabelText("Yes");
    screen.getByText("deck");
    screen.getByText("tanker");
    expect(screen.getByRole("link", { name: "ann@example.com" }).getAttribute("href")).toBe(
      "mailto:ann@example.com",
    );
  });

  it("lets the app replace a kind everywhere, lists included, and put it back", () => {
    const restore = registerFieldKind("select", {
      Cell: ({ value }) => <span data-testid="chip">{String(value)}!</span>,
    });
    const department = columnsOf(ranks).find((c) => c.key === "department")!;
    renderWithProviders(
      <>{department.render({ type: "ranks", id: "1", attributes: { department: "deck" } }, new Map())}</>,
    );
    expect(screen.getByTestId("chip").textContent).toBe("deck!");
    restore();
    expect(fieldKindView("select").Cell).toBe(DEFAULT_FIELD_KINDS.select.Cell);
  });

  it("lets one screen override a kind for its subtree only", () => {
    renderWithProviders(
      <>
        <FieldKinds kinds={{ phone: { Display: ({ value }) => <b data-testid="own">{String(value)}</b> } }}>
          <FieldDisplay name="p" attr={attr("phone")} value="+31 10" />
        </FieldKinds>
        <FieldDisplay name="p" attr={attr("phone")} value="+44 20" />
      </>,
    );
    expect(screen.getByTestId("own").textContent).toBe("+31 10");
    expect(screen.getByRole("link", { name: "+44 20" }).getAttribute("href")).toBe("tel:+4420");
  });

  it("edits through the kind's input", () => {
    const onChange = vi.fn();
    renderWithProviders(
      <FieldInput
        name="wage"
        attr={attr("money", { label: "Wage" })}
        mode="create"
        value=""
        required={false}
        onChange={onChange}
      />,
    );
    fireEvent.change(screen.getByLabelText("Wage"), { target: { value: "1200.5" } });
    expect(onChange.mock.calls.at(-1)).toEqual([1200.5]);
  });

  it("formats rich text with the toolbar and shows it without markup injection", () => {
    const onChange = vi.fn();
    renderWithProviders(
      <>
        <FieldInput
          name="body"
          attr={attr("richtext", { label: "Body" })}
          mode="create"
          value="ship"
          required={false}
          onChange={onChange}
        />
        <FieldDisplay
          name="b"
          attr={attr("richtext")}
          value={"**Bold** and *soft*\n- one\n- two\n[site](javascript:alert(1)) <img src=x>"}
        />
      </>,
    );
    const area = screen.getByRole<HTMLTextAreaElement>("textbox", { name: "Body" });
    area.setSelectionRange(0, 4);
    fireEvent.click(screen.getByRole("button", { name: "Bold" }));
    expect(onChange).toHaveBeenCalledWith("**ship**");
    expect(screen.getByText("Bold").tagName).toBe("STRONG");
    expect(screen.getByText("soft").tagName).toBe("EM");
    expect(screen.getAllByRole("listitem")).toHaveLength(2);
    expect(screen.queryByRole("link", { name: "site" })).toBeNull();
    expect(document.querySelector("img[src='x']")).toBeNull();
  });
});
