import { fireEvent, screen, waitFor } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { useState } from "react";
import {
  fetchRoutes,
  jsonAnswer,
  renderWithProviders,
  sentJson,
  signInWith,
  urlOf,
} from "../../lib/test-utils";
import { BroadcastDialog, audienceText, type TBroadcastTask } from "./BroadcastDialog";

const choices = {
  ranks: [],
  countries: [],
  crewing_statuses: [],
  tags: [{ id: 5, name: "Bulk officers" }],
  vessel_types: [],
  engine_types: [],
  engine_manufacturers: [],
};
const count = { tag_id: 5, tag: "Bulk officers", seafarers: 3, linked: 2 };
const task = (attributes: Record<string, unknown>) =>
  jsonAnswer(200, {
    data: {
      type: "background_tasks",
      id: "77",
      attributes: { kind: "chat_messages.broadcast", params: { tag: "Bulk officers" }, ...attributes },
    },
  });

/** The dialog as the screen holds it: the broadcast it follows is the screen's state. */
const Host = ({ onClose }: { onClose: () => void }) => {
  const [followed, setFollowed] = useState<TBroadcastTask | null>(null);
  return (
    <BroadcastDialog key={followed?.id ?? "new"} task={followed} onTask={setFollowed} onClose={onClose} />
  );
};

const setUp = (routes: Record<string, (init?: RequestInit) => Response>) => {
  signInWith(["users", "tgChat", "backgroundTasks"]);
  const fetchMock = vi.fn(
    fetchRoutes({
      "GET /api/users/choices": () => jsonAnswer(200, choices),
      "GET /api/background_tasks": () => jsonAnswer(200, { data: [], meta: { total: 0 } }),
      "GET /api/chat_messages/broadcast_count": () => jsonAnswer(200, { data: count }),
      ...routes,
    }),
  );
  vi.stubGlobal("fetch", fetchMock);
  const onClose = vi.fn();
  renderWithProviders(<Host onClose={onClose} />);
  const posts = () =>
    fetchMock.mock.calls
      .filter(([, init]) => init?.method === "POST")
      .map(([url, init]) => [urlOf(url), init]);
  return { fetchMock, onClose, posts };
};

const pickTagAndWrite = async (text: string) => {
  const tag = await screen.findByRole("combobox", { name: "Tag" }, { timeout: 10_000 });
  fireEvent.click(tag);
  fireEvent.change(tag, { target: { value: "Bulk" } });
  fireEvent.click(
    await screen.findByRole("option", { name: "Bulk officers", hidden: true }, { timeout: 10_000 }),
  );
  fireEvent.change(screen.getByRole("textbox", { name: "Message" }), { target: { value: text } });
  await screen.findByText(
    "2 seafarers will get it (1 of the tag has no Telegram link and will not).",
    {},
    { timeout: 10_000 },
  );
};

// Under a loaded machine the Mantine dialog takes seconds to render: generous timeouts.
describe("Message a tag: the dialog's states", { timeout: 30_000 }, () => {
  it("says who gets it and who does not", () => {
    expect(audienceText(count)).toBe(
      "2 seafarers will get it (1 of the tag has no Telegram link and will not).",
    );
    expect(audienceText({ ...count, seafarers: 2 })).toBe("2 seafarers will get it.");
    expect(audienceText({ ...count, seafarers: 4 })).toBe(
      "2 seafarers will get it (2 of the tag have no Telegram link and will not).",
    );
    expect(audienceText({ ...count, linked: 0 })).toMatch(/nobody would get it/);
    expect(audienceText({ ...count, seafarers: 0, linked: 0 })).toBe("No seafarer you can see has this tag.");
  });

  it("counts as the tag is picked, sends nothing on Back or Cancel, and asks before dropping the text", async () => {
    const { posts, onClose, fetchMock } = setUp({});
    await pickTagAndWrite("Vacancy: Chief Officer, bulk carrier");
    const counted = fetchMock.mock.calls.find(([url]) => urlOf(url).includes("broadcast_count"));
    expect(urlOf(counted?.[0] ?? "")).toContain("tag_id=5");

    fireEvent.click(screen.getByRole("button", { name: "Review" }));
    expect(await screen.findByText("Vacancy: Chief Officer, bulk carrier")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Send to 2 seafarers" })).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Back" }));
    fireEvent.click(await screen.findByRole("button", { name: "Cancel" }));
    // What was typed is not dropped silently.
    expect(await screen.findByText("Discard your message?")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Discard" }));
    expect(onClose).toHaveBeenCalled();
    expect(posts()).toEqual([]);
  });

  it("sends with the count confirmed, then shows the progress to its summary", async () => {
    let polls = 0;
    const { posts } = setUp({
      "POST /api/chat_messages/broadcast": () =>
        jsonAnswer(201, {
          data: { ...count, background_task_id: 77 },
          meta: { message: "The broadcast is on its way" },
        }),
      "GET /api/background_tasks/77": () => {
        polls += 1;
        return polls === 1
          ? task({ status: "running", done: 1, total: 2, result: { sent: 1 } })
          : task({ status: "done", done: 2, total: 2, result: { sent: 1, failed: 1, queued: 0 } });
      },
    });
    await pickTagAndWrite("Who is free in March?");
    fireEvent.click(screen.getByRole("button", { name: "Review" }));
    fireEvent.click(await screen.findByRole("button", { name: "Send to 2 seafarers" }));
    const progress = await screen.findByTestId("broadcast-progress");
    expect(posts().map(([url, init]) => [url, sentJson(init as RequestInit)])).toEqual([
      ["/api/chat_messages/broadcast", { tag_id: 5, body: "Who is free in March?", confirm: 2 }],
    ]);
    expect(progress.textContent).toMatch(/1\s*sent/);
    const summary = await screen.findByTestId("broadcast-summary", {}, { timeout: 5_000 });
    expect(summary.textContent).toContain("Sent to 1 seafarer of 2.");
    expect(summary.textContent).toContain("1 could not be reached");
    expect(screen.getByRole("button", { name: "New message" })).toBeTruthy();
  });

  it("a changed tag (409) sends nothing more and counts again for a new confirm", async () => {
    let counts = 0;
    const { posts } = setUp({
      "GET /api/chat_messages/broadcast_count": () => {
        counts += 1;
        return jsonAnswer(200, { data: counts === 1 ? count : { ...count, seafarers: 4, linked: 3 } });
      },
      "POST /api/chat_messages/broadcast": () =>
        jsonAnswer(409, {
          errors: [
            { status: "409", title: "Conflict", detail: "The tag now has 3 seafarers on Telegram, not 2" },
          ],
        }),
    });
    await pickTagAndWrite("Who is free in March?");
    fireEvent.click(screen.getByRole("button", { name: "Review" }));
    fireEvent.click(await screen.findByRole("button", { name: "Send to 2 seafarers" }));
    await screen.findByRole("button", { name: "Send to 3 seafarers" });
    expect(posts()).toHaveLength(1);
    expect(screen.queryByTestId("broadcast-progress")).toBeNull();
    await waitFor(() => expect(counts).toBe(2));
  });
});
