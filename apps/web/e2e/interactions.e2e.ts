import { expect, test, type Page } from "@playwright/test";
import { dayFromToday, planningApi } from "./support/planner-api";
import { PHONE, shoot, WIDE } from "./support/screenshot";
import { notice, signIn, signOut } from "./support/session";

/** A 1×1 PNG: an attachment the server's content check accepts. */
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
  "base64",
);

/** Surnames hold letters only: a stamp's digits as letters. */
const lettersOf = (stamp: number): string =>
  String(stamp).replace(/\d/g, (d) => "abcdefghij"[Number(d)] ?? "a");

const dmy = (iso: string): string => `${iso.slice(8, 10)}.${iso.slice(5, 7)}.${iso.slice(0, 4)}`;

/** Fails the test when any script of a comment body runs (a dialog, or the marker set). */
const guardScripts = (page: Page) => {
  page.on("dialog", (dialog) => {
    throw new Error(`a script in a comment ran: ${dialog.message()}`);
  });
};

test("manager: an interaction changes readiness and crewing status, the draft survives a reload, the list follows", async ({
  page,
  request,
}) => {
  const api = await planningApi(request);
  const surname = `Interact${lettersOf(Date.now())}`;
  const userId = await api.applicant(surname, "Petro");
  // A body with script in it, written by someone else: it must never run in the viewer.
  const hostile = await api.call("post", "/comments", {
    data: {
      type: "comments",
      attributes: {
        body: `<p>Hostile <b>bold</b></p><script>window.__xss = 1; alert("xss")</script><img src="x" onerror="window.__xss = 2"><a href="javascript:window.__xss=3">link</a>`,
        addressable_type: "users",
        addressable_id: Number(userId),
      },
    },
  });
  expect(hostile.status).toBe(201);
  const choices = await api.call("get", "/users/choices");
  const statuses =
    (choices.body as { crewing_statuses?: { id: number; title: string }[] }).crewing_statuses ?? [];
  const status = statuses[0];
  expect(status, "the demo has crewing statuses").toBeDefined();
  const ready = dayFromToday(25);

  guardScripts(page);
  await signIn(page, "manager@example.com");
  await page.goto(`/users/${userId}/details`);
  await page.getByRole("tab", { name: "Comments" }).click();
  await expect(page).toHaveURL(new RegExp(`/users/${userId}/comments$`));
  const list = page.getByTestId("comment");
  await expect(list).toHaveCount(1);
  await expect(list.first()).toContainText("Hostile bold");
  await expect(list.first().locator("script, img")).toHaveCount(0);
  expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();

  // The dialog: event, result, source, text with a mention, the applicant's changes.
  await page.getByRole("button", { name: "New comment" }).click();
  const dialog = page.getByTestId("interaction-dialog");
  await dialog.getByRole("combobox", { name: "Event" }).click();
  await page.getByRole("option", { name: "Call", exact: true }).click();
  await dialog.getByRole("combobox", { name: "Result" }).click();
  await page.getByRole("option", { name: "Answered", exact: true }).click();
  const body = dialog.getByTestId("comment-body");
  await body.fill("Talked to him, ready soon. Ask ");
  await body.pressSequentially("@Ann");
  await page.getByRole("option", { name: "Anna Admin" }).click();
  await expect(body).toHaveValue("Talked to him, ready soon. Ask @Anna Admin ");
  const readiness = dialog.getByRole("textbox", { name: "Readiness date" });
  await readiness.fill(dmy(ready));
  await readiness.press("Tab");
  await dialog.getByRole("combobox", { name: "Crewing status" }).click();
  await page.getByRole("option", { name: status?.title ?? "", exact: true }).click();
  const changes = dialog.getByTestId("interaction-changes");
  await expect(changes).toContainText("Saving will change the applicant");
  await expect(changes).toContainText(`Readiness: — → ${dmy(ready)}`);
  await expect(changes).toContainText(`Crewing status: — → ${status?.title ?? ""}`);

  // A reload loses nothing typed.
  await page.reload();
  await page.getByRole("button", { name: "Continue the draft" }).click();
  await expect(dialog.getByTestId("comment-body")).toHaveValue("Talked to him, ready soon. Ask @Anna Admin ");
  await expect(dialog.getByTestId("interaction-changes")).toContainText(`Readiness: — → ${dmy(ready)}`);
  await dialog
    .locator('input[type="file"]')
    .setInputFiles({ name: "call-note.png", mimeType: "image/png", buffer: PNG });
  await shoot(page, "interaction-dialog", { fullPage: false });
  await dialog.getByTestId("interaction-save").click();
  await expect(notice(page, "Interaction successfull.")).toBeVisible();
  await expect(dialog).toHaveCount(0);

  await expect(list).toHaveCount(2);
  const newest = list.first();
  await expect(newest).toContainText("Maria Manager");
  await expect(newest).toContainText("Call");
  await expect(newest).toContainText("Answered");
  await expect(newest.locator(".comment-mention")).toHaveText("@Anna Admin");
  await expect(newest.getByTestId("comment-attachment")).toContainText("call-note.png");
  const thumbnail = newest.getByRole("img", { name: "call-note.png" });
  await expect(thumbnail).toBeVisible();
  // Drawn, not only placed: the CSP must let the object URL through.
  await expect.poll(() => thumbnail.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  // The category filter: only calls.
  await page.getByTestId("comment-category-filter").click();
  await page.getByRole("option", { name: "Call", exact: true }).click();
  await expect(page).toHaveURL(/category=call/);
  await expect(list).toHaveCount(1);
  await page.getByTestId("comment-category-filter").click();
  await page.getByRole("option", { name: "All", exact: true }).click();
  await expect(list).toHaveCount(2);
  await shoot(page, "applicant-comments");
  await page.setViewportSize(PHONE);
  await expect(list.first()).toBeVisible();
  await shoot(page, "applicant-comments");
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow, "the page scrolls sideways").toBeLessThanOrEqual(0);
  await page.getByRole("button", { name: "New comment" }).click();
  await shoot(page, "interaction-dialog", { fullPage: false });
  await page.keyboard.press("Escape");
  await page.setViewportSize(WIDE);

  // The applicant list shows the new readiness; the details the new crewing status.
  await page.goto(`/users?search=${surname}`);
  const row = page.getByRole("row", { name: new RegExp(surname) });
  await expect(row).toContainText(dmy(ready));
  const after = await api.call("get", `/users/${userId}`);
  const attributes = (after.body.data as { attributes: Record<string, unknown> }).attributes;
  expect(attributes.crewing_status_id).toBe(status?.id);
  expect(attributes.last_contact).not.toBeNull();

  // Its author deletes the comment.
  await page.goto(`/users/${userId}/comments`);
  await list.first().getByRole("button", { name: "Delete comment" }).click();
  await page.getByRole("button", { name: "Delete", exact: true }).click();
  await expect(notice(page, "The comment deleted successfully")).toBeVisible();
  await expect(list).toHaveCount(1);
  expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
});

test("a comment type the admin denies to managers is invisible to a manager", async ({ page, request }) => {
  const api = await planningApi(request);
  const surname = `Hidden${lettersOf(Date.now())}`;
  const userId = await api.applicant(surname, "Oleh");
  for (const [category, text] of [
    ["note", "Private note for admins"],
    ["call", "Open call note"],
  ] as const) {
    const made = await api.call("post", "/comments", {
      data: {
        type: "comments",
        attributes: {
          body: `<p>${text}</p>`,
          addressable_type: "users",
          addressable_id: Number(userId),
          category,
        },
      },
    });
    expect(made.status).toBe(201);
  }

  const allowNotes = async () => {
    const back = await api.call("post", "/users_position_comment_types/change_permission", {
      positionId: "manager",
      type: "note",
      commentAction: "read",
      allowed: true,
    });
    expect(back.status).toBe(200);
  };
  await allowNotes();

  await signIn(page, "admin@example.com");
  await page.goto("/permissions");
  await page.getByText("Comment types", { exact: true }).click();
  await expect(page).toHaveURL(/view=comment-types/);
  const matrix = page.getByTestId("comment-permissions");
  const readNotes = matrix.getByRole("switch", { name: "manager: read Note" });
  await expect(readNotes).toBeChecked();
  await readNotes.click({ force: true });
  await expect(notice(page, "Permission updated successfully")).toBeVisible();
  await expect(readNotes).not.toBeChecked();
  await shoot(page, "comment-type-permissions", { fullPage: false });

  try {
    await signOut(page);
    await signIn(page, "manager@example.com");
    await page.goto(`/users/${userId}/comments`);
    const list = page.getByTestId("comment");
    await expect(list).toHaveCount(1);
    await expect(list.first()).toContainText("Open call note");
    await expect(page.getByText("Private note for admins")).toHaveCount(0);
  } finally {
    await allowNotes();
  }
});

test("a comment on a plan becomes its label on the scheduler, live", async ({ page, context, request }) => {
  const api = await planningApi(request);
  const stamp = Date.now();
  const { vesselId, rows, rankIds } = await api.vesselWithRows(`MV Remark ${stamp}`, ["Master"]);
  const userId = await api.applicant(`Remark${lettersOf(stamp)}`, "Ivan");
  const planId = await api.plan(rows[0] ?? "", dayFromToday(10), dayFromToday(120), userId);
  const planner = `/?vesselIds=${vesselId}&roleIds=${rankIds.join(",")}&ownerIds=all`;

  await signIn(page, "admin@example.com");
  // A second planner, left alone: it hears of the comment without a reload.
  const watcher = await context.newPage();
  await watcher.goto(planner);
  const label = watcher.locator(`.planner-timeline .vis-item.plan-${planId}`);
  await expect(label).toBeVisible();

  await page.goto(planner);
  await page.goto(`/timeplans/${planId}/edit`);
  const editor = page.getByTestId("timeplan-editor");
  const comments = editor.getByTestId("plan-comments");
  await expect(comments).toContainText("No comments on this plan yet.");
  await comments.getByTestId("comment-body").fill("Visa ready, flight booked");
  await comments.getByTestId("plan-comment-add").click();
  await expect(notice(page, "The comment created successfully")).toBeVisible();
  await expect(comments.getByTestId("comment")).toHaveCount(1);
  await shoot(page, "plan-comments", { fullPage: false });
  await expect(label).toContainText("Visa ready, flight booked");
});
