import { expect, test, type Locator, type Page } from "@playwright/test";
import { dayFromToday, planningApi } from "./support/planner-api";
import { PHONE, WIDE, shoot } from "./support/screenshot";
import { signIn } from "./support/session";

const unique = () =>
  Array.from({ length: 5 }, () => String.fromCharCode(65 + Math.floor(Math.random() * 26))).join("");
const dmy = (iso: string) => iso.split("-").reverse().join(".");
const filterBox = (page: Page, id: string): Locator =>
  page.locator(".mantine-MultiSelect-root", { has: page.getByTestId(id) });
const idOf = (body: Record<string, unknown>): string => {
  const data = body.data;
  if (typeof data === "object" && data !== null && "id" in data && typeof data.id === "string")
    return data.id;
  throw new Error("no id");
};

test("pick on the planner from a crew change: a loader while it loads, Done returns to the crew change", async ({
  page,
  request,
}) => {
  const api = await planningApi(request);
  const tag = unique();
  const {
    vesselId,
    rows: [masterRow],
  } = await api.vesselWithRows(`E2E PICK ${tag}`, ["Master"]);
  await api.plan(masterRow ?? "", dayFromToday(-60), dayFromToday(20));
  const ports = await api.call("get", "/ports?page[size]=1");
  const portId = (ports.body.data as { id: string }[])[0]?.id ?? "";
  const cc = await api.call("post", "/crew_changes", {
    data: {
      type: "crew_changes",
      attributes: { date: dayFromToday(20) },
      relationships: {
        vessel: { data: { type: "vessels", id: vesselId } },
        port: { data: { type: "ports", id: portId } },
      },
    },
  });
  expect(cc.status).toBe(201);
  const ccId = idOf(cc.body);

  await signIn(page, "admin@example.com");
  await page.goto(`/crew-changes/${ccId}/details`);
  await expect(page.getByTestId("crew-list-on-planner")).toBeVisible();
  // The crew change answers slowly: the planner says it is loading rather than showing an empty panel.
  await page.route(`**/api/crew_changes/${ccId}?*`, async (route) => {
    await new Promise((r) => setTimeout(r, 1500));
    await route.continue();
  });
  await page.goto(`/timeplans/crew-rotation/crew-change/${ccId}/edit`);
  await expect(page.getByTestId("crew-list-loading")).toBeVisible();
  await expect(page.getByTestId("crew-list-picker")).toBeVisible();
  await expect(page.getByTestId("crew-list-loading")).toHaveCount(0);
  await page.getByTestId("crew-list-done").click();
  await expect(page).toHaveURL(new RegExp(`/crew-changes/${ccId}/details$`));
});

test("choosing an owner selects its vessels, and the vessel box says how many are selected", async ({
  page,
  request,
}) => {
  const api = await planningApi(request);
  const answer = await api.call("get", "/planner/rows");
  const rows = (
    answer.body.data as {
      attributes: { vessel_id: number; owner_id: number | null; owner_name: string | null; rank_id: number };
    }[]
  ).map((r) => r.attributes);
  const byOwner = new Map<number, { name: string; vessels: Set<number> }>();
  for (const r of rows) {
    if (r.owner_id === null || r.owner_name === null) continue;
    const entry = byOwner.get(r.owner_id) ?? { name: r.owner_name, vessels: new Set<number>() };
    entry.vessels.add(r.vessel_id);
    byOwner.set(r.owner_id, entry);
  }
  const [ownerId, owner] = [...byOwner].sort((a, b) => b[1].vessels.size - a[1].vessels.size)[0] ?? [];
  if (!ownerId || !owner) throw new Error("the demo has no owners");
  const otherVessel = rows.find((r) => r.owner_id !== ownerId)?.vessel_id;
  const ranks = [...new Set(rows.map((r) => r.rank_id))];
  await signIn(page, "admin@example.com");
  await page.goto(`/?vesselIds=${otherVessel}&roleIds=${ranks.join(",")}&ownerIds=all`);
  await expect(filterBox(page, "planner-vessels")).toContainText("Vessels (1 selected)");
  const owners = page
    .getByRole("textbox", { name: "Owners" })
    .or(page.getByRole("combobox", { name: "Owners" }))
    .first();
  await owners.click();
  await page.getByRole("option", { name: owner.name, exact: true }).click();
  await page.keyboard.press("Escape");
  // Every vessel of the owner, none of another owner's.
  await expect(filterBox(page, "planner-vessels")).toContainText(`Vessels (${owner.vessels.size} selected)`);
  await expect
    .poll(() =>
      new URL(page.url()).searchParams
        .get("vesselIds")
        ?.split(",")
        .map(Number)
        .sort((a, b) => a - b),
    )
    .toEqual([...owner.vessels].sort((a, b) => a - b));
  await shoot(page, "planner-owner-filter", { fullPage: false });
  await page.setViewportSize(PHONE);
  await shoot(page, "planner-owner-filter", { fullPage: false });
  await page.setViewportSize(WIDE);

  // Print prints what is on screen: the window's first day on, its vessels and ranks.
  const day = dayFromToday(-20);
  await page.goto(
    `/?vesselIds=${[...owner.vessels].join(",")}&roleIds=${ranks.join(",")}&ownerIds=all&day=${day}`,
  );
  await expect(page.locator(".planner-timeline .vis-item").first()).toBeVisible();
  const printed = page.waitForRequest((r) => r.url().includes("/api/print/time_plan"));
  await page.getByRole("button", { name: "Print", exact: true }).click();
  const url = new URL((await printed).url());
  const from = url.searchParams.get("date") ?? "";
  expect(Math.abs(Date.parse(from) - Date.parse(day))).toBeLessThanOrEqual(86_400_000);
  expect(url.searchParams.get("to") ?? "").toMatch(/^\d{4}-\d{2}-\d{2}$/);
  expect((url.searchParams.get("to") ?? "") > dayFromToday(60)).toBe(true);
  expect(
    url.searchParams
      .get("vessels")
      ?.split(",")
      .map(Number)
      .sort((a, b) => a - b),
  ).toEqual([...owner.vessels].sort((a, b) => a - b));
});

test("the plan editor's seafarer picker shows rank and readiness, and warns before saving a Fitter onto a Master row", async ({
  page,
  request,
}) => {
  const api = await planningApi(request);
  const tag = unique();
  const {
    vesselId,
    rows: [masterRow],
    rankIds,
  } = await api.vesselWithRows(`E2E FIT ${tag}`, ["Master"]);
  const ranks = await api.call("get", "/ranks?page[size]=999");
  const fitter =
    (ranks.body.data as { id: string; attributes: { title: string } }[]).find(
      (r) => r.attributes.title === "Fitter",
    )?.id ?? "";
  const ready = dayFromToday(30);
  const made = await api.call("post", "/users", {
    data: {
      type: "users",
      attributes: { surname: `Castro${tag}`, name: "Ronald", readiness_date: ready },
      relationships: { role: { data: { type: "ranks", id: fitter } } },
    },
  });
  expect(made.status).toBe(201);
  const plan = await api.plan(masterRow ?? "", dayFromToday(10), dayFromToday(120));

  await signIn(page, "admin@example.com");
  await page.goto(`/?vesselIds=${vesselId}&roleIds=${rankIds.join(",")}&ownerIds=all`);
  await page.goto(`/timeplans/${plan}/edit`);
  const editor = page.getByTestId("timeplan-editor");
  await editor.getByRole("button", { name: "Choose another seafarer" }).click();
  await editor.getByTestId("seafarer-search").fill(`Castro${tag}`);
  const option = page.getByRole("option", { name: new RegExp(`Castro${tag} Ronald`) });
  await expect(option).toContainText(`Fitter · ready ${dmy(ready)}`);
  await option.click();
  const warning = editor.getByTestId("plan-fit-warning");
  await expect(warning).toContainText(`Castro${tag} Ronald applied for Fitter, and this is a Master row.`);
  await expect(warning).toContainText(
    `is ready only on ${dmy(ready)}, after the start on ${dmy(dayFromToday(10))}.`,
  );
  await shoot(page, "plan-editor-fit-warning", { fullPage: false });
  await page.setViewportSize(PHONE);
  await shoot(page, "plan-editor-fit-warning", { fullPage: false });
  await page.setViewportSize(WIDE);
});
