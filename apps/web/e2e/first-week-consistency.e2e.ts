import { expect, test, type Page } from "@playwright/test";
import { dayFromToday, planningApi } from "./support/planner-api";
import { PHONE, shoot, WIDE } from "./support/screenshot";
import { notice, signIn } from "./support/session";

/**
 * Issue 22 (what a recruiter and a coordinator meet in their first week), points 18 (one way
 * of writing things), 19 (symbols explain themselves) and 11 for the planner's dialogs, in
 * Chromium against the real API. Records are laid out through the API.
 */
test.describe.configure({ mode: "serial" });

const letters = (n: number) =>
  Array.from({ length: n }, () => "abcdefghijklmnopqrstuvwxyz"[Math.floor(Math.random() * 26)]).join("");
const tag = () => letters(6).toUpperCase();
const dmy = (iso: string) => iso.split("-").reverse().join(".");
const planItem = (page: Page, id: string) => page.locator(`.planner-timeline .vis-item.plan-${id}`);

type TApi = Awaited<ReturnType<typeof planningApi>>;

/** Rank options as select_options lists them for a search (labels, in order). */
const rankOptions = async (api: TApi, q = ""): Promise<string[]> => {
  const res = await api.call("get", `/select_options?type=ranks${q ? `&q=${encodeURIComponent(q)}` : ""}`);
  return ((res.body.data ?? []) as { attributes: { label: string } }[]).map((o) => o.attributes.label);
};

/** Every rank title by seniority (crewing_priority). */
const ranksBySeniority = async (api: TApi): Promise<string[]> => {
  const res = await api.call("get", "/ranks?page[size]=999&sort=crewing_priority");
  return ((res.body.data ?? []) as { attributes: { title: string } }[]).map((r) => r.attributes.title);
};

test("22.18: money reads one way: thousands separated, the currency first", async ({ page }) => {
  const api = await planningApi(page.request);
  const surname = `Money${letters(8)}`;
  const created = await api.call("post", "/users", {
    data: { type: "users", attributes: { surname, name: "Petro", wage: 12500, knowing_duplicate: true } },
  });
  expect(created.status, JSON.stringify(created.body).slice(0, 300)).toBe(201);
  const id = (created.body.data as { id: string }).id;
  await signIn(page, "admin@example.com");
  await page.goto(`/users/${id}/details`);
  await expect(page.getByText("USD 12,500 a month")).toBeVisible();
  await expect(page.getByText("12500")).toHaveCount(0);
  for (const size of [WIDE, PHONE]) {
    await page.setViewportSize(size);
    await shoot(page, "consistency-seafarer-wage");
  }
  // A count is a number like any other: the demo's seafarers run into thousands.
  await page.setViewportSize(WIDE);
  await page.goto("/users");
  await expect(page.getByTestId("list-total")).toHaveText(/^\d{1,3}(,\d{3})+$/);
  await expect(page.getByTestId("list-range")).toContainText(/of (about )?\d{1,3}(,\d{3})+/);
});

test("22.18: rank pickers list ranks by seniority, and Enter picks the first match", async ({ page }) => {
  const api = await planningApi(page.request);
  const surname = `Ranks${letters(8)}`;
  const created = await api.call("post", "/users", {
    data: { type: "users", attributes: { surname, name: "Ivan", knowing_duplicate: true } },
  });
  const id = (created.body.data as { id: string }).id;
  const seniority = await ranksBySeniority(api);
  const chief = await rankOptions(api, "Chief");
  expect(chief.length, "the demo has ranks named Chief").toBeGreaterThan(1);

  await signIn(page, "admin@example.com");
  await page.goto(`/users/${id}/experiences`);
  await page.getByRole("link", { name: "New sea service" }).first().click();
  const form = page.getByRole("dialog");
  const rank = form.getByRole("combobox", { name: /^Rank/ });
  await rank.click();
  // The first options are the most senior ranks, in crewing order (not A to Z).
  const options = page.getByRole("option");
  await expect(options.first()).toHaveText(seniority[0] ?? "");
  const shown = (await options.allTextContents()).slice(0, 5);
  expect(shown).toEqual(seniority.slice(0, shown.length));
  await shoot(page, "consistency-rank-picker", { fullPage: false });

  // Typed and Enter: the first match is chosen (it used to do nothing).
  await rank.fill("Chief");
  await rank.press("Enter");
  await expect(rank).toHaveValue(chief[0] ?? "");
  await expect(page.getByRole("listbox")).toBeHidden();
  // The form still saves what Enter picked.
  await form.getByRole("textbox", { name: "Vessel", exact: true }).fill("MV Enter Pick");
  await form.getByRole("textbox", { name: /^Sign-on/ }).fill("10.01.2023");
  await form.getByRole("textbox", { name: /^Sign-on/ }).press("Tab");
  await form.getByRole("textbox", { name: /^Sign-off/ }).fill("09.07.2023");
  await form.getByRole("textbox", { name: /^Sign-off/ }).press("Tab");
  await form.getByRole("button", { name: "Create", exact: true }).click();
  await expect(form).toBeHidden({ timeout: 20_000 });
  await expect(page.locator("tbody tr").filter({ hasText: "MV Enter Pick" })).toContainText(chief[0] ?? "");

  // A picker over a list held in the page (the planner's rank filter) picks the first match on Enter too.
  const { vesselId, rankIds } = await api.vesselWithRows(`E2E ENTER ${tag()}`, ["Master", "Chief Officer"]);
  await page.goto(`/?vesselIds=${vesselId}&roleIds=${rankIds[0]}&ownerIds=all`);
  const rankFilter = page.getByTestId("planner-ranks");
  const box = page.locator(".mantine-MultiSelect-root", { has: rankFilter });
  await expect(box).toContainText("Ranks (1 selected)");
  await rankFilter.click();
  await rankFilter.fill("Chief");
  await rankFilter.press("Enter");
  await expect(box).toContainText("Ranks (2 selected)");
});

test("22.18: seafarers are called seafarers on their own screens, staff crew users", async ({ page }) => {
  const api = await planningApi(page.request);
  const surname = `Word${letters(8)}`;
  const created = await api.call("post", "/users", {
    data: { type: "users", attributes: { surname, name: "Olga", knowing_duplicate: true } },
  });
  const id = (created.body.data as { id: string }).id;
  await signIn(page, "admin@example.com");
  await page.goto(`/users/${id}/details`);
  await page.getByRole("link", { name: "Edit", exact: true }).first().click();
  const dialog = page.getByRole("dialog", { name: "Edit seafarer" });
  await dialog.getByRole("textbox", { name: /^Name/ }).first().fill("Olha");
  await dialog.getByRole("button", { name: "Save changes", exact: true }).click();
  await expect(notice(page, "Seafarer updated successfully")).toBeVisible();
  await expect(notice(page, /user/i)).toHaveCount(0);
  // Tab labels in one case (sentence case).
  const tabs = await page.getByRole("navigation").first().allTextContents();
  expect(tabs.join(" ")).not.toMatch(/Crewing Agents|Task Manager|Applicant Documents|Applicant Contracts/);
});

test("22.19: the planner and the seafarer list have a legend of their marks", async ({ page }) => {
  const api = await planningApi(page.request);
  const t = tag();
  const {
    vesselId,
    rows: [row],
    rankIds,
  } = await api.vesselWithRows(`E2E LEGEND ${t}`, ["Master"]);
  const planId = await api.plan(row ?? "", dayFromToday(-10), dayFromToday(60));
  await api.call("patch", `/time_plans/${planId}`, {
    data: { type: "time_plans", id: planId, attributes: { repair_team: true } },
  });
  await signIn(page, "admin@example.com");
  await page.goto(
    `/?vesselIds=${vesselId}&roleIds=${rankIds.join(",")}&ownerIds=all&day=${dayFromToday(-30)}`,
  );
  await expect(planItem(page, planId)).toContainText("🔧");
  await page.getByTestId("planner-legend").click();
  const legend = page.getByRole("dialog", { name: "Planner marks" });
  await expect(legend).toBeVisible();
  for (const text of [
    "🌐",
    "A vacancy published on the website",
    "🤖",
    "messenger bot",
    "🔧",
    "A repair team",
    "™",
    "A problem newcomer",
    "A planning check warns",
    "Signs on at a crew change",
  ])
    await expect(legend).toContainText(text);
  for (const size of [WIDE, PHONE]) {
    await page.setViewportSize(size);
    await shoot(page, "consistency-planner-legend", { fullPage: false });
  }
  await page.setViewportSize(WIDE);
  await page.keyboard.press("Escape");

  await page.goto("/users");
  await expect(page.locator("tbody tr").first()).toBeVisible();
  await page.getByTestId("seafarer-legend").click();
  const marks = page.getByRole("dialog", { name: "Seafarer list marks" });
  await expect(marks).toContainText("↑");
  await expect(marks).toContainText("has been promoted");
  await expect(marks).toContainText("Docs: every document valid");
  await expect(marks).toContainText("Docs: a document has expired");
  await expect(marks).toContainText("Documents need attention");
  for (const size of [WIDE, PHONE]) {
    await page.setViewportSize(size);
    await shoot(page, "consistency-seafarer-legend", { fullPage: false });
  }
});

test("22.11: closing the planner's plan editor or crew change with typed changes asks first", async ({
  page,
}) => {
  const api = await planningApi(page.request);
  const t = tag();
  const {
    vesselId,
    rows: [row],
    rankIds,
  } = await api.vesselWithRows(`E2E GUARD ${t}`, ["Master"]);
  const [relieved, relief] = [await api.applicant(`Off${t}`, "Oleh"), await api.applicant(`On${t}`, "Taras")];
  const meet = dayFromToday(40);
  const off = await api.plan(row ?? "", dayFromToday(-90), meet, relieved, "on_board");
  const on = await api.plan(row ?? "", meet, dayFromToday(200), relief);
  await signIn(page, "admin@example.com");
  const planner = `/?vesselIds=${vesselId}&roleIds=${rankIds.join(",")}&ownerIds=all&day=${dayFromToday(-30)}`;

  // The plan editor: untouched, Esc closes at once.
  await page.goto(`/timeplans/${on}/edit`);
  const editor = page.getByTestId("timeplan-editor");
  const repair = page.getByRole("checkbox", { name: /Repair team/ });
  await expect(repair).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(repair).toBeHidden();

  // Changed, Esc asks; Keep editing keeps the change; Cancel asks again; Discard closes unsaved.
  await page.goto(`/timeplans/${on}/edit`);
  await repair.check();
  await page.keyboard.press("Escape");
  const ask = page.getByRole("dialog", { name: "Discard your changes?" });
  await expect(ask).toBeVisible();
  for (const size of [WIDE, PHONE]) {
    await page.setViewportSize(size);
    await shoot(page, "consistency-plan-discard", { fullPage: false });
  }
  await page.setViewportSize(WIDE);
  await ask.getByRole("button", { name: "Keep editing" }).click();
  await expect(repair).toBeChecked();
  await editor.getByRole("button", { name: "Cancel" }).click();
  await expect(ask).toBeVisible();
  await ask.getByRole("button", { name: "Discard" }).click();
  await expect(page.getByRole("dialog")).toHaveCount(0);
  const stored = await api.call("get", `/time_plans/${on}`);
  expect((stored.body.data as { attributes: { repair_team: boolean } }).attributes.repair_team).toBe(false);

  // The crew change: a voyage typed, Esc asks before it goes.
  await page.goto(planner);
  await planItem(page, off).click();
  await planItem(page, on).click({ modifiers: ["Control"] });
  await page.getByTestId("planner-crew-change").click();
  const rotation = page.getByTestId("crew-rotation");
  await rotation.getByRole("textbox", { name: /Voyage/ }).fill("V-22");
  await page.keyboard.press("Escape");
  await expect(ask).toBeVisible();
  await ask.getByRole("button", { name: "Keep editing" }).click();
  await expect(rotation.getByRole("textbox", { name: /Voyage/ })).toHaveValue("V-22");
  await page.keyboard.press("Escape");
  await ask.getByRole("button", { name: "Discard" }).click();
  await expect(page.getByRole("dialog")).toHaveCount(0);
  // dd.mm.yyyy of the untouched plans: nothing moved.
  const still = await api.call("get", `/time_plans/${on}`);
  expect(
    dmy(String((still.body.data as { attributes: { start: string } }).attributes.start).slice(0, 10)),
  ).toBe(dmy(meet));
});
