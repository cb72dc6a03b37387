import { expect, test } from "@playwright/test";
import { planningApi } from "./support/planner-api";
import { WIDE } from "./support/screenshot";
import { signIn } from "./support/session";

/**
 * "Refresh from sites" on the applicants list (issue 19 §2; docs/outside-channels.md) against
 * the real API, its job and the Crewell stand-in (start-server.mjs turns it on with the demo
 * applicants' profiles, each a little different from our record): the dialog counts first,
 * queues only the confirmed count, shows the progress and the final counts; the applicants get
 * versions waiting on their Outside sites tab, their records unchanged.
 */
test("admin: refresh every applicant with a Crewell id from the list, count, confirm, progress, counts", async ({
  page,
  request,
}) => {
  const api = await planningApi(request);
  await page.setViewportSize(WIDE);
  await signIn(page, "admin@example.com");
  await page.goto("/users");
  await page.getByRole("button", { name: "Refresh from sites" }).click();
  const dialog = page.getByRole("dialog", { name: "Refresh applicants from a crew job site" });
  await expect(dialog).toBeVisible();
  await dialog.getByText("Crewell", { exact: true }).click();
  await dialog.getByLabel("Applicants changed in the last … days").fill("30");
  await dialog.getByRole("button", { name: "Count applicants" }).click();

  const countText = dialog.getByTestId("refresh-all-count");
  await expect(countText).toContainText("with a Crewell id changed in the last 30 days");
  const count = Number(/^(\d+) applicants/.exec((await countText.innerText()).trim())?.[1]);
  expect(count).toBeGreaterThan(0);
  // The dialog's count is the server's.
  const counted = await api.call("post", "/external_object_versions/refresh_all", {
    source: "crewell",
    days: 30,
  });
  expect((counted.body as { data: { count: number } }).data.count).toBe(count);

  await dialog.getByRole("button", { name: `Refresh ${count} applicants` }).click();
  await expect(dialog.getByRole("progressbar", { name: "Progress" })).toBeVisible();
  const result = dialog.getByTestId("refresh-all-result");
  await expect(result).toBeVisible({ timeout: 90_000 });
  const [updated, unchanged, failed] = (
    /Done: (\d+) updated, (\d+) unchanged, (\d+) failed/.exec(await result.innerText()) ?? []
  )
    .slice(1)
    .map(Number);
  expect((updated ?? 0) + (unchanged ?? 0) + (failed ?? 0)).toBe(count);
  // The demo's profiles differ a little from ours: most wait for staff now.
  expect(updated).toBeGreaterThan(0);
  await expect(dialog.getByText(`Refreshing from Crewell: ${count} of ${count}`)).toBeVisible();
  await dialog.getByRole("button", { name: "Close" }).click();
  await expect(dialog).toBeHidden();

  // The versions wait; the applicants themselves are unchanged.
  const versions = await api.call(
    "get",
    "/external_object_versions?filter[source]=crewell&filter[status]=pending&page[size]=999",
  );
  expect((versions.body as { data: unknown[] }).data.length).toBeGreaterThanOrEqual(updated ?? 0);
});

test("admin: save a site's key on Outside sites; it is never shown again", async ({ page, request }) => {
  const api = await planningApi(request);
  await page.setViewportSize(WIDE);
  await signIn(page, "admin@example.com");
  try {
    await page.goto("/profile");
    const card = page.getByRole("region", { name: "Outside sites" });
    const crewell = card.getByTestId("site-key-crewell");
    await expect(crewell).toContainText("From the server's configuration");
    await crewell.getByLabel("New Crewell key").fill("short");
    await crewell.getByRole("button", { name: "Save key" }).click();
    await expect(crewell.getByText("is too short (minimum is 8 characters)")).toBeVisible();
    await crewell.getByLabel("New Crewell key").fill("e2e-crewell-key-0123");
    await crewell.getByRole("button", { name: "Save key" }).click();
    await expect(page.getByText("The key is saved")).toBeVisible();
    await expect(crewell).toContainText("Set in the app");
    await expect(crewell).toContainText("by ");
    await expect(crewell.getByLabel("New Crewell key")).toHaveValue("");
    const states = await api.call("get", "/external_object_versions/site_keys");
    expect(JSON.stringify(states.body)).not.toContain("e2e-crewell-key-0123");
    await crewell.getByRole("button", { name: "Remove" }).click();
    await expect(page.getByText("The key is removed")).toBeVisible();
    await expect(crewell).toContainText("From the server's configuration");
  } finally {
    // The demo's Crewell stand-in takes its configured key: leave no saved key behind.
    await api.call("post", "/external_object_versions/set_site_key", { source: "crewell", key: null });
  }
});
