import * as contracts from "@crew/contracts";
import { act, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { FakeXhr } from "../../lib/fake-xhr";
import { renderWithProviders } from "../../lib/test-utils";
import { testResources } from "../../lib/test-resources";
import { ResourceForm } from "./ResourceForm";

const { crewNotes } = testResources(contracts);
const saved = { type: "crew_notes", id: "7", attributes: { title: "Visa" } };

describe("generic form with file fields", () => {
  beforeEach(() => {
    FakeXhr.all = [];
    vi.stubGlobal("XMLHttpRequest", FakeXhr);
  });
  afterEach(() => vi.unstubAllGlobals());

  it("saves the record first, then uploads the picked files with progress and an error per file", async () => {
    const onSubmit = vi.fn(async () => ({ record: saved }));
    const onSaved = vi.fn();
    const { container } = renderWithProviders(
      <ResourceForm
        def={crewNotes}
        mode="create"
        onSubmit={onSubmit}
        onSaved={onSaved}
        onCancel={() => undefined}
      />,
    );
    fireEvent.change(screen.getByRole("textbox", { name: /^Title/ }), { target: { value: "Visa" } });
    const inputs = container.querySelectorAll<HTMLInputElement>("input[type=file]");
    const attachments = inputs[1]!;
    expect(attachments.multiple).toBe(true);
    fireEvent.change(attachments, {
      target: { files: [new File(["12345"], "visa.pdf"), new File(["1"], "virus.exe")] },
    });
    expect(await screen.findAllByText(/uploads on save/)).toHaveLength(2);
    expect(FakeXhr.all).toHaveLength(0);

    fireEvent.click(screen.getByRole("button", { name: "Create" }));
    await waitFor(() => expect(FakeXhr.all).toHaveLength(1));
    expect(onSubmit).toHaveBeenCalledWith({
      attributes: { title: "Visa", body: null },
      relationships: { ranks: [] },
    });
    expect(FakeXhr.all[0]!.url).toBe("/api/crew_notes/7/files/attachments");
    act(() => FakeXhr.all[0]!.progress(2, 5));
    expect(
      screen.getByRole("progressbar", { name: "Upload of visa.pdf" }).getAttribute("aria-valuenow"),
    ).toBe("40");
    act(() =>
      FakeXhr.all[0]!.respond(200, {
        data: {
          ...saved,
          attributes: {
            attachments: [
              {
                id: 1,
                filename: "visa.pdf",
                content_type: "application/pdf",
                byte_size: 5,
                url: "/api/files/1",
              },
            ],
          },
        },
      }),
    );
    // The next file waits its second, then is refused (room for a loaded CI machine).
    await waitFor(() => expect(FakeXhr.all).toHaveLength(2), { timeout: 8000 });
    act(() =>
      FakeXhr.all[1]!.respond(422, {
        errors: [{ status: "422", title: "virus.exe is not an allowed file type" }],
      }),
    );
    await screen.findByText("virus.exe is not an allowed file type");
    screen.getByText(/is saved/);
    expect(onSaved).toHaveBeenCalledWith(expect.objectContaining({ id: "7" }), 1);
    screen.getByRole("button", { name: "Close" });
    expect(screen.queryByRole("button", { name: "Create" })).toBeNull();
  }, 20_000);

  it("shows server field errors and uploads nothing when the save is refused", async () => {
    const onSaved = vi.fn();
    const { container } = renderWithProviders(
      <ResourceForm
        def={crewNotes}
        mode="create"
        onSubmit={async () => ({ errors: { title: "has already been taken" } })}
        onSaved={onSaved}
        onCancel={() => undefined}
      />,
    );
    fireEvent.change(screen.getByRole("textbox", { name: /^Title/ }), { target: { value: "Visa" } });
    fireEvent.change(container.querySelectorAll<HTMLInputElement>("input[type=file]")[1]!, {
      target: { files: [new File(["1"], "a.pdf")] },
    });
    fireEvent.click(screen.getByRole("button", { name: "Create" }));
    await screen.findByText("Title has already been taken");
    expect(FakeXhr.all).toHaveLength(0);
    expect(onSaved).not.toHaveBeenCalled();
  });
});
