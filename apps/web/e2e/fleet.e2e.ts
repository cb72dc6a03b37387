import { expect, test, type Page } from "@playwright/test";
import { PHONE, shoot, WIDE } from "./support/screenshot";
import { notice, signIn } from "./support/session";

/**
 * The fleet screens in Chromium against the real API (spec 002 §2-8): vessels with the IMO rule,
 * owner, manager and coordinator set from the details, the manning scale (add, reorder,
 * archive, copy), owners and managers, a crew user's assignments.
 */

/** A fresh IMO number with a valid check digit (weights 7..2), unlike any demo ship's 9xxxxxx. */
const freshImo = (): string => {
  const first6 = String(100000 + (Date.now() % 800000));
  const check = [...first6].reduce((sum, d, i) => sum + Number(d) * (7 - i), 0) % 10;
  return `${first6}${check}`;
};

/** Picks an option of a searchable select by typing part of its label. */
const pick = async (page: Page, label: RegExp, text: string, option?: RegExp) => {
  const box = page
    .getByRole("textbox", { name: label })
    .or(page.getByRole("combobox", { name: label }))
    .first();
  await box.click();
  await box.fill(text);
  await page
    .getByRole("option", { name: option ?? new RegExp(text, "i") })
    .first()
    .click();
};

/** Closes the notices so a screenshot shows the screen under them. */
const clearNotices = async (page: Page) => {
  // Notices close by themselves after 5 s: wait for them rather than click moving targets.
  await expect(page.locator(".mantine-Notification-root")).toHaveCount(0, { timeout: 12_000 });
};

const scaleNames = async (page: Page): Promise<string[]> =>
  (await page.getByTestId("scale-row").allInnerTexts()).map(
    (t) =>
      t
        .split("\n")
        .map((s) => s.trim())
        .filter(Boolean)[1] ?? "",
  );

test("admin: a vessel with a bad IMO then a good one; owner, manager and coordinator from the details", async ({
  page,
}) => {
  await signIn(page, "admin@example.com");
  await page.goto("/vessels");
  // The spec's default filter: active vessels that are not prospects (the address may name it
  // once the list state has settled, or leave it implied).
  await expect(page).toHaveURL(/\/vessels(\?filter%5Bis_active%5D=true&filter%5Bis_selected%5D=false)?$/);
  await expect(page.getByRole("link", { name: "AMBER FORTUNE", exact: true })).toBeVisible();
  await shoot(page, "vessels");

  const name = `MV E2E ${Date.now()}`;
  await page.getByRole("link", { name: "New vessel" }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("Name").fill(name);
  await dialog.getByRole("textbox", { name: /^IMO/ }).fill("9074728");
  await dialog.getByRole("button", { name: "Create", exact: true }).click();
  await expect(dialog.getByText("IMO has a wrong check digit")).toBeVisible();
  // A number the fleet already has: the server's 422 lands on the same field.
  await dialog.getByRole("textbox", { name: /^IMO/ }).fill("9354478");
  await dialog.getByRole("button", { name: "Create", exact: true }).click();
  await expect(dialog.getByText("IMO has already been taken")).toBeVisible();
  await shoot(page, "vessel-imo-error", { fullPage: false });
  await dialog.getByRole("textbox", { name: /^IMO/ }).fill(freshImo());
  await dialog.getByRole("button", { name: "Create", exact: true }).click();
  await expect(notice(page, "Vessel created successfully!")).toBeVisible();

  await page.getByLabel("Search vessels").fill(name);
  await page.getByRole("link", { name, exact: true }).click();
  await expect(page).toHaveURL(/\/vessels\/\d+\/details$/);

  await pick(page, /^Owner/, "Nordic", /Nordic Tankers AS/);
  await expect(notice(page, "Nordic Tankers AS is set as owner successfully")).toBeVisible();
  await pick(page, /^Manager/, "Oceanic", /Oceanic Ship Management Ltd/);
  await expect(notice(page, "Oceanic Ship Management Ltd is set as manager successfully")).toBeVisible();
  await pick(page, /^Crew coordinator/, "Maria", /Maria Manager/);
  await expect(notice(page, "Maria Manager is set as Crew Coordinator successfully")).toBeVisible();
  await page.reload();
  await expect(
    page
      .getByRole("textbox", { name: /^Owner/ })
      .or(page.getByRole("combobox", { name: /^Owner/ }))
      .first(),
  ).toHaveValue("Nordic Tankers AS");
  await clearNotices(page);
  await shoot(page, "vessel-details");
  await page.setViewportSize(PHONE);
  await clearNotices(page);
  await shoot(page, "vessel-details");
  await page.setViewportSize(WIDE);

  // {base}/{id}/{tab}/edit: the form over the details, back to them after the save.
  await page.goto(`${new URL(page.url()).pathname}/edit`);
  const edit = page.getByRole("dialog");
  await edit.getByLabel("Group").fill("Tankers & gas");
  await edit.getByRole("button", { name: "Save changes" }).click();
  await expect(notice(page, "Vessel updated successfully")).toBeVisible();
  await expect(page).toHaveURL(/\/vessels\/\d+\/details$/);
  await expect(page.getByText("Tankers & gas")).toBeVisible();

  // The photo: an image recognised by its content, shown through the session.
  await page.getByRole("tab", { name: "Photo" }).click();
  const png = Buffer.from(
    "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==",
    "base64",
  );
  await page
    .locator('input[type="file"]')
    .setInputFiles({ name: "bridge.png", mimeType: "image/png", buffer: png });
  await expect(notice(page, "Photo updated successfully")).toBeVisible();
  const photo = page.getByRole("img", { name: `Photo of ${name}` });
  await expect(photo).toBeVisible();
  // Really drawn: an image the page's CSP blocks is a visible box with no pixels.
  await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await page.getByRole("tab", { name: "Details" }).click();

  // Clearing: the manager link record is deleted, the coordinator set to nobody.
  await page.getByRole("button", { name: "Clear manager" }).click();
  await expect(notice(page, "The manager deleted successfully")).toBeVisible();
  await page.getByRole("button", { name: "Clear crew coordinator" }).click();
  await expect(notice(page, "Crew Coordinator deleted successfully")).toBeVisible();
});

test("admin: manning scale: add ranks, reorder, archive, copy to another vessel", async ({ page }) => {
  await signIn(page, "admin@example.com");
  const name = `MV SCALE ${Date.now()}`;
  await page.goto("/vessels/new");
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("Name").fill(name);
  await dialog.getByRole("textbox", { name: /^IMO/ }).fill(freshImo());
  await dialog.getByRole("button", { name: "Create", exact: true }).click();
  await expect(notice(page, "Vessel created successfully!")).toBeVisible();
  await page.getByLabel("Search vessels").fill(name);
  await page.getByRole("link", { name, exact: true }).click();
  await page.getByRole("tab", { name: "Manning scale" }).click();
  await expect(page).toHaveURL(/\/vessels\/\d+\/manning_scales$/);

  for (const [rank, offer] of [
    ["Master", "12000"],
    ["AB", "1800"],
    ["AB", "1750"],
    ["Cook", "2000"],
  ] as const) {
    await pick(page, /^Rank/, rank, new RegExp(`^${rank}$`));
    await page.getByRole("textbox", { name: "Offer, USD/month" }).fill(offer);
    await page.getByRole("button", { name: "Add rank" }).click();
    await expect(notice(page, `${rank} rank has added successfully`).last()).toBeVisible();
  }
  await expect.poll(() => scaleNames(page)).toEqual(["Master", "AB 1", "AB 2", "Cook"]);

  // Drag the cook (keyboard sensor: lift, up two, drop) above the ABs.
  await page.getByLabel("Reorder Cook").focus();
  await page.keyboard.press("Space");
  await page.keyboard.press("ArrowUp");
  await page.keyboard.press("ArrowUp");
  await page.keyboard.press("Space");
  await expect(notice(page, "The manning scale sorted successfully")).toBeVisible();
  await expect.poll(() => scaleNames(page)).toEqual(["Master", "Cook", "AB 1", "AB 2"]);

  await page.getByRole("button", { name: "Archive AB 2" }).click();
  await expect(notice(page, "Manning scale row archived successfully")).toBeVisible();
  await expect(page.getByTestId("scale-row").filter({ hasText: "Archived" })).toHaveCount(1);
  await clearNotices(page);
  await shoot(page, "vessel-manning-scale");
  await page.setViewportSize(PHONE);
  await clearNotices(page);
  await shoot(page, "vessel-manning-scale");
  await page.setViewportSize(WIDE);
  const vesselPath = new URL(page.url()).pathname;

  // Copy this scale onto a demo vessel: from there, "Copy from vessel".
  await page.goto("/vessels?search=KYMA%20STAR");
  await page.getByRole("link", { name: "KYMA STAR", exact: true }).click();
  await page.getByRole("tab", { name: "Manning scale" }).click();
  await expect(page.getByTestId("scale-row").first()).toBeVisible();
  const before = await page.getByTestId("scale-row").count();
  await pick(page, /^Copy from vessel/, "MV SCALE", new RegExp(name));
  await page.getByRole("button", { name: "Copy…", exact: true }).click();
  // Asked first (issue 22): this vessel has rows, so the copy is added after them.
  await page
    .getByTestId("copy-scale")
    .getByRole("radio", { name: /^Add the 3 ranks/ })
    .check();
  await page.getByTestId("copy-scale-confirm").click();
  await expect(notice(page, "Manning scale has copied successfully")).toBeVisible();
  // The active rows only: Master, Cook, AB (the archived AB stays behind).
  await expect(page.getByTestId("scale-row")).toHaveCount(before + 3);
  expect(vesselPath).toMatch(/manning_scales$/);
});

test("admin: owners and managers show their vessels; owner crew inspectors are assigned and unassigned", async ({
  page,
}) => {
  await signIn(page, "admin@example.com");
  await page.goto("/owners");
  await page.getByRole("link", { name: "Nordic Tankers AS", exact: true }).click();
  await expect(page.getByRole("table", { name: "Vessels" })).toBeVisible();
  const inspectors = page.getByTestId("crew-inspectors");
  await pick(page, /^Crew user/, "Gleb", /Gleb Guest/);
  await inspectors.getByRole("button", { name: "Assign", exact: true }).click();
  await expect(notice(page, "Gleb Guest is assigned as Crew Inspector successfully")).toBeVisible();
  await inspectors.getByRole("button", { name: "Assign", exact: true }).waitFor();
  await pick(page, /^Crew user/, "Gleb", /Gleb Guest/);
  await inspectors.getByRole("button", { name: "Assign", exact: true }).click();
  await expect(notice(page, "User is already assigned as Crew Inspector for this owner")).toBeVisible();
  await clearNotices(page);
  await shoot(page, "owner-details");
  await page.setViewportSize(PHONE);
  await shoot(page, "owner-details");
  await page.setViewportSize(WIDE);
  await inspectors.getByRole("button", { name: "Unassign Gleb Guest" }).click();
  await expect(notice(page, "The Crew Inspector is unassigned successfully")).toBeVisible();

  await page.getByRole("tab", { name: "Recruiters" }).click();
  await expect(page).toHaveURL(/\/owners\/\d+\/recruiters$/);

  await page.goto("/managers");
  await page.getByRole("link", { name: "Oceanic Ship Management Ltd", exact: true }).click();
  await expect(page.getByRole("table", { name: "Vessels" }).getByRole("row")).not.toHaveCount(1);
  await shoot(page, "manager-details");
});

test("admin: a crew user gets a vessel to recruit for and to coordinate, then loses both", async ({
  page,
}) => {
  await signIn(page, "admin@example.com");
  await page.goto("/crew-users");
  await page.getByRole("link", { name: "Sergey Superuser", exact: true }).click();
  const assigned = page.getByTestId("assigned-vessels");
  await expect(assigned.getByText(/recruits for no vessel|ARCTIC/i).first()).toBeVisible();
  // A server kept between runs may hold the last run's assignment.
  const leftover = assigned.getByRole("button", { name: "Unassign ARCTIC DREAM" });
  if (await leftover.count()) {
    await leftover.click();
    await expect(notice(page, "The vessel has unassigned successfully")).toBeVisible();
  }
  await assigned
    .getByRole("textbox", { name: /^Vessel/ })
    .or(assigned.getByRole("combobox", { name: /^Vessel/ }))
    .first()
    .click();
  await assigned
    .getByRole("textbox", { name: /^Vessel/ })
    .or(assigned.getByRole("combobox", { name: /^Vessel/ }))
    .first()
    .fill("ARCTIC DREAM");
  await page.getByRole("option", { name: "ARCTIC DREAM" }).click();
  await assigned.getByRole("button", { name: "Assign", exact: true }).click();
  await expect(notice(page, "ARCTIC DREAM vessel has assigned successfully")).toBeVisible();

  const coordinated = page.getByTestId("coordinated-vessels");
  await coordinated
    .getByRole("textbox", { name: /^Vessel/ })
    .or(coordinated.getByRole("combobox", { name: /^Vessel/ }))
    .first()
    .click();
  await coordinated
    .getByRole("textbox", { name: /^Vessel/ })
    .or(coordinated.getByRole("combobox", { name: /^Vessel/ }))
    .first()
    .fill("CORAL");
  await page.getByRole("option", { name: /CORAL/ }).first().click();
  await coordinated.getByRole("button", { name: "Assign", exact: true }).click();
  await expect(notice(page, "User is assigned as Crew Coordinator successfully")).toBeVisible();
  await clearNotices(page);
  await shoot(page, "crew-user-assignments");
  await page.setViewportSize(PHONE);
  await shoot(page, "crew-user-assignments");
  await page.setViewportSize(WIDE);

  await assigned.getByRole("button", { name: "Unassign ARCTIC DREAM" }).click();
  await expect(notice(page, "The vessel has unassigned successfully")).toBeVisible();
  await coordinated.getByRole("button", { name: /^Unassign CORAL/ }).click();
  await expect(notice(page, "Crew Coordinator unassigned successfully")).toBeVisible();
});

test("partner sees its own owners' fleet only", async ({ page }) => {
  await signIn(page, "partner@example.com");
  await page.goto("/vessels");
  await expect(page.getByRole("link", { name: "AMBER FORTUNE", exact: true })).toBeVisible();
  // Pacific Crest's LNG carrier belongs to another owner: not listed, and 404 by its address.
  await page.getByLabel("Search vessels").fill("JADE SKY");
  await expect(page.getByText("Nothing matches")).toBeVisible();
  await page.getByLabel("Search vessels").fill("");
  await expect(page.getByRole("link", { name: "AMBER FORTUNE", exact: true })).toBeVisible();
  await shoot(page, "vessels-partner");
});
