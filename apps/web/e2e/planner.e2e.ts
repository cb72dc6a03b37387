import { expect, test, type Locator, type Page } from "@playwright/test";
import { dayFromToday, planningApi } from "./support/planner-api";
import { PHONE, WIDE, shoot } from "./support/screenshot";
import { notice, signIn } from "./support/session";

/** Five letters (applicants' names take letters only). */
const unique = () =>
  Array.from({ length: 5 }, () => String.fromCharCode(65 + Math.floor(Math.random() * 26))).join("");

/** The planner on one vessel and its ranks, its window starting a month ago. */
const plannerAddress = (vesselId: string, rankIds: readonly string[], day = dayFromToday(-30)) =>
  `/?vesselIds=${vesselId}&roleIds=${rankIds.join(",")}&ownerIds=all&day=${day}`;

/** The vertical middle of a planner row, found by its label (vessel rows are drawn beside their labels). */
const rowY = async (page: Page, rank: string): Promise<number> => {
  const label = page
    .locator(".planner-timeline .vis-label")
    .filter({ has: page.locator(".planner-row-rank", { hasText: new RegExp(`^${rank}$`) }) })
    .first();
  const box = await label.boundingBox();
  if (!box) throw new Error(`no row ${rank}`);
  return box.y + box.height / 2;
};

/**
 * The x of a day on the timeline: today's line (vis-current-time) and the month labels' spacing
 * on the axis (a month, 30.4 days, between two minor labels).
 */
const dayX = async (page: Page, daysFromToday: number): Promise<number> => {
  const now = await page.locator(".planner-timeline .vis-current-time").first().boundingBox();
  const months = page.locator(".planner-timeline .vis-time-axis .vis-text.vis-minor");
  const [a, b] = [await months.nth(1).boundingBox(), await months.nth(2).boundingBox()];
  if (!now || !a || !b) throw new Error("no timeline axis");
  return now.x + (daysFromToday * (b.x - a.x)) / 30.4;
};

/** A filter's multi-select, pills and all (its test id sits on the input). */
const filterBox = (page: Page, id: string): Locator =>
  page.locator(".mantine-MultiSelect-root", { has: page.getByTestId(id) });

const planItem = (page: Page, id: string): Locator => page.locator(`.planner-timeline .vis-item.plan-${id}`);

test.describe.configure({ mode: "serial" });

test("plan on the scheduler: filters from the address, a range and an applicant make a plan, an overlapping move is refused, the filter survives a reload", async ({
  page,
  request,
}) => {
  const api = await planningApi(request);
  const tag = unique();
  const {
    vesselId,
    rows: [masterRow],
    rankIds,
  } = await api.vesselWithRows(`E2E PLANNER ${tag}`, ["Master", "Cook"]);
  const other = await api.applicant(`Otherov${tag}`, "Petro");
  await api.applicant(`Testov${tag}`, "Ivan");
  const masterPlan = await api.plan(masterRow ?? "", dayFromToday(10), dayFromToday(110), other);

  await signIn(page, "admin@example.com");
  await page.goto(plannerAddress(vesselId, rankIds));
  await expect(filterBox(page, "planner-vessels")).toContainText(`E2E PLANNER ${tag}`);
  await expect(page.locator(".planner-timeline .planner-row-rank", { hasText: /^Cook$/ })).toBeVisible();
  await expect(planItem(page, masterPlan)).toContainText(`Otherov${tag} Petro`);
  await shoot(page, "planner");

  // Ctrl+drag on the Cook row: a range for a new plan; the editor opens with its dates; an applicant is searched and chosen.
  const cookY = await rowY(page, "Cook");
  const from = await dayX(page, 20);
  const to = await dayX(page, 80);
  await page.keyboard.down("Control");
  await page.mouse.move(from, cookY);
  await page.mouse.down();
  await page.mouse.move((from + to) / 2, cookY, { steps: 5 });
  await page.mouse.move(to, cookY, { steps: 5 });
  await page.mouse.up();
  await page.keyboard.up("Control");
  await expect(page).toHaveURL(/\/timeplans\/new$/);
  const editor = page.getByRole("dialog");
  await expect(editor).toContainText("Cook");
  await editor.getByTestId("seafarer-search").fill(`Testov${tag}`);
  await page.getByRole("option", { name: new RegExp(`Testov${tag} Ivan`) }).click();
  await expect(editor.getByTestId("plan-status")).toHaveValue("To propose");
  await shoot(page, "planner-editor", { fullPage: false });
  const created = page.waitForResponse(
    (r) => r.url().endsWith("/api/time_plans") && r.request().method() === "POST",
  );
  await editor.getByTestId("plan-save").click();
  const answer = (await (await created).json()) as { data: { id: string } };
  await expect(notice(page, "The timeplan created successfully")).toBeVisible();
  await expect(page).toHaveURL(/\/\?/);
  const cookPlan = planItem(page, answer.data.id);
  await expect(cookPlan).toContainText(`Testov${tag} Ivan`);

  // Moving it onto the Master row, where the other plan is, is refused with the server's words and snaps back.
  const before = await cookPlan.boundingBox();
  if (!before) throw new Error("no item");
  const masterY = await rowY(page, "Master");
  await page.mouse.move(before.x + before.width / 2, before.y + before.height / 2);
  await page.mouse.down();
  // (A purely vertical pan scrolls; a hand always moves a little sideways too.)
  await page.mouse.move(before.x + before.width / 2 + 6, (before.y + masterY) / 2, { steps: 4 });
  await page.mouse.move(before.x + before.width / 2 + 12, masterY, { steps: 4 });
  await page.mouse.up();
  // A sentence naming the seafarer and the days (issue 22), not the plan's id.
  await expect(
    notice(page, /is already planned on this row from \d\d\.\d\d\.\d{4} to \d\d\.\d\d\.\d{4}\./),
  ).toBeVisible();
  await expect(notice(page, "The plan was not moved")).toBeVisible();
  await expect.poll(async () => Math.round(((await cookPlan.boundingBox())?.y ?? 0) - before.y)).toBe(0);

  // A double click opens the plan's editor with its seafarer.
  await cookPlan.dblclick();
  await expect(page).toHaveURL(new RegExp(`/timeplans/${answer.data.id}/edit`));
  await expect(page.getByRole("dialog").getByTestId("plan-seafarer")).toHaveText(`Testov${tag} Ivan`);
  await page.getByRole("dialog").getByRole("button", { name: "Cancel" }).click();

  // The filter lives in the address: taking Cook out of the ranks writes it there, and a reload keeps it.
  await filterBox(page, "planner-ranks")
    .locator(".mantine-Pill-root", { hasText: "Cook" })
    .locator("button")
    .click();
  await expect(page).toHaveURL(new RegExp(`roleIds=${rankIds[0]}(&|$)`));
  await page.reload();
  await expect(page.locator(".planner-timeline .planner-row-rank", { hasText: /^Master$/ })).toBeVisible();
  await expect(page.locator(".planner-timeline .planner-row-rank", { hasText: /^Cook$/ })).toHaveCount(0);
  await expect(filterBox(page, "planner-vessels")).toContainText(`E2E PLANNER ${tag}`);

  // The new-plan form cannot be opened by a direct link: a first load goes to /.
  await page.goto("/timeplans/new");
  await expect(page).toHaveURL(/\/(\?.*)?$/);
  await expect(page.getByRole("dialog")).toHaveCount(0);

  await page.setViewportSize(PHONE);
  await page.goto(plannerAddress(vesselId, rankIds));
  await expect(planItem(page, masterPlan)).toBeVisible();
  await shoot(page, "planner");
  await page.setViewportSize(WIDE);
});

test("a plan made in one browser appears in another's open scheduler within a second", async ({
  browser,
  request,
}) => {
  const api = await planningApi(request);
  const tag = unique();
  const { vesselId, rankIds } = await api.vesselWithRows(`E2E LIVE ${tag}`, ["Bosun"]);
  const first = await browser.newPage({ viewport: WIDE });
  const second = await browser.newPage({ viewport: WIDE });
  await signIn(first, "admin@example.com");
  await signIn(second, "manager@example.com");
  for (const page of [first, second]) {
    await page.goto(plannerAddress(vesselId, rankIds));
    await expect(page.locator(".planner-timeline .planner-row-rank", { hasText: /^Bosun$/ })).toBeVisible();
  }
  const items = second.locator(".planner-timeline .vis-item");
  await expect(items).toHaveCount(0);
  // Let the second browser's live stream connect before the change.
  await second.waitForTimeout(1000);

  const y = await rowY(first, "Bosun");
  const from = await dayX(first, 5);
  const to = await dayX(first, 60);
  await first.keyboard.down("Control");
  await first.mouse.move(from, y);
  await first.mouse.down();
  await first.mouse.move(to, y, { steps: 8 });
  await first.mouse.up();
  await first.keyboard.up("Control");
  const saved = first.waitForResponse(
    (r) => r.url().endsWith("/api/time_plans") && r.request().method() === "POST",
  );
  await first.getByRole("dialog").getByTestId("plan-save").click();
  await saved;
  const at = Date.now();
  await expect(items).toHaveCount(1, { timeout: 1000 });
  expect(Date.now() - at).toBeLessThan(1000);
  await expect(items.first()).toContainText("Vacancy");
  await first.close();
  await second.close();
});

test("a crew change with two sign-ons and one sign-off, made on the scheduler, and its crew list printed", async ({
  page,
  request,
}) => {
  const api = await planningApi(request);
  const tag = unique();
  const {
    vesselId,
    rows: [masterRow, cookRow],
    rankIds,
  } = await api.vesselWithRows(`E2E ROTATION ${tag}`, ["Master", "Cook"]);
  const [relieved, relief, joiner] = [
    await api.applicant(`Relieved${tag}`, "Oleh"),
    await api.applicant(`Relief${tag}`, "Taras"),
    await api.applicant(`Joiner${tag}`, "Ivan"),
  ];
  const off = await api.plan(masterRow ?? "", dayFromToday(-90), dayFromToday(12), relieved, "on_board");
  const on = await api.plan(masterRow ?? "", dayFromToday(12), dayFromToday(130), relief);
  const cookOn = await api.plan(cookRow ?? "", dayFromToday(14), dayFromToday(200), joiner);

  await signIn(page, "admin@example.com");
  await page.goto(plannerAddress(vesselId, rankIds, dayFromToday(-60)));
  for (const id of [off, on, cookOn]) await expect(planItem(page, id)).toBeVisible();
  // Ctrl+click picks several plans; the crew change is made from them.
  await planItem(page, off).click();
  await planItem(page, on).click({ modifiers: ["Control"] });
  await planItem(page, cookOn).click({ modifiers: ["Control"] });
  await expect(page.getByText("3 selected")).toBeVisible();
  await page.getByTestId("planner-crew-change").click();
  await expect(page).toHaveURL(/\/timeplans\/crew-rotation\/crew-change\/new$/);
  const dialog = page.getByTestId("crew-rotation");
  await dialog.getByLabel(/^Date/).fill(dayFromToday(12));
  await dialog.getByLabel("Voyage number").fill(`V-${tag}`);
  await dialog.getByRole("combobox", { name: "Port" }).click();
  await page.getByRole("option").first().click();
  const pairs = dialog.getByTestId("rotation-pairs");
  await expect(pairs.locator("tbody tr")).toHaveCount(2);
  await expect(pairs).toContainText(`Relief${tag} Taras`);
  await expect(pairs).toContainText(`Relieved${tag} Oleh`);
  await shoot(page, "crew-rotation", { fullPage: false });
  const made = page.waitForResponse(
    (r) => r.url().endsWith("/api/crew_changes") && r.request().method() === "POST",
  );
  await dialog.getByTestId("rotation-save").click();
  // The joining cook's plan moves two days earlier: confirmed before it is saved.
  await page.getByTestId("rotation-confirm").click();
  const crewChange = (await (await made).json()) as { data: { id: string } };
  await expect(notice(page, "The crew change created successfully")).toBeVisible();
  await expect(page).toHaveURL(/\/\?/);
  // The plans now start and end at the crew change (the sign-on and sign-off marks).
  await expect(planItem(page, off)).toHaveClass(/plan--sign-off/);
  await expect(planItem(page, cookOn)).toHaveClass(/plan--sign-on/);

  await page.goto(`/crew-changes/${crewChange.data.id}/details`);
  const list = page.getByTestId("crew-list");
  await expect(list.locator("tbody tr")).toHaveCount(2);
  await expect(list).toContainText("on with off");
  await expect(list).toContainText("on without off");
  await expect(list).toContainText(`Joiner${tag} Ivan`);
  await shoot(page, "crew-change-details");
  await page.getByTestId("crew-change-print").click();
  await page.getByRole("menuitem", { name: "On departure, .xlsx" }).click();
  // The seafarers have no passports on record: the list is checked first, then printed anyway.
  await expect(page.getByTestId("crew-list-problems")).toContainText("have boxes a port may refuse");
  const download = page.waitForEvent("download");
  await page.getByTestId("crew-list-print-anyway").click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(new RegExp(`^Crew list departure E2E ROTATION ${tag} .*\\.xlsx$`));
  const path = await file.path();
  const { readFileSync } = await import("node:fs");
  const bytes = readFileSync(path);
  expect(bytes.subarray(0, 2).toString()).toBe("PK");
  expect(bytes.length).toBeGreaterThan(4000);
  await page.setViewportSize(PHONE);
  await page.reload();
  await expect(page.getByTestId("crew-list")).toBeVisible();
  await shoot(page, "crew-change-details");
  await page.setViewportSize(WIDE);
});

test("partner_view sees its fleet's vacancies without offers or publication marks", async ({
  page,
  request,
}) => {
  const viewer = await planningApi(request, "partner_view@example.com");
  const rowsAnswer = await viewer.call("get", "/planner/rows");
  const rows = Array.isArray(rowsAnswer.body.data)
    ? (rowsAnswer.body.data as { id: string; attributes: { vessel_id: number; rank_id: number } }[])
    : [];
  const row = rows[0];
  if (!row) throw new Error("partner_view has no fleet");
  const admin = await planningApi(request);
  // A published vacancy with an offer, far ahead where the row is free.
  const vacancy = await admin.call("post", "/time_plans", {
    data: {
      type: "time_plans",
      attributes: {
        start: dayFromToday(900),
        end: dayFromToday(980),
        status: "vacancy",
        to_publish: true,
        offer: 4321,
      },
      relationships: { manning_scale: { data: { type: "manning_scales", id: row.id } } },
    },
  });
  expect(vacancy.status).toBe(201);
  const address = plannerAddress(
    String(row.attributes.vessel_id),
    [String(row.attributes.rank_id)],
    dayFromToday(880),
  );

  await signIn(page, "admin@example.com");
  await page.goto(address);
  await expect(
    page.locator(".planner-timeline .vis-item", { hasText: "🌐 Vacancy (USD 4,321)" }),
  ).toBeVisible();
  await page.getByTestId("user-menu").click();
  await page.getByRole("menuitem", { name: "Log out" }).click();

  await signIn(page, "partner_view@example.com");
  await page.goto(address);
  const timeline = page.getByTestId("planner-timeline");
  await expect(timeline.locator(".vis-item", { hasText: /^Vacancy$/ })).toBeVisible();
  await expect(timeline).not.toContainText("4,321");
  await expect(timeline).not.toContainText("🌐");
  // Read only: no crew change button, no editing a plan.
  await expect(page.getByTestId("planner-crew-change")).toHaveCount(0);
  await shoot(page, "planner-partner-view");
});
