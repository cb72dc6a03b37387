import { expect, test, type Page } from "@playwright/test";
import { dayFromToday, planningApi } from "./support/planner-api";
import { PHONE, WIDE, shoot } from "./support/screenshot";
import { notice, signIn } from "./support/session";

/** Five letters (applicants' names take letters only). */
const unique = () =>
  Array.from({ length: 5 }, () => String.fromCharCode(65 + Math.floor(Math.random() * 26))).join("");
const dmy = (iso: string) => iso.split("-").reverse().join(".");
const planItem = (page: Page, id: string) => page.locator(`.planner-timeline .vis-item.plan-${id}`);

test("a new crew change starts where the plans meet, needs a port, and lists every plan it moves before saving", async ({
  page,
  request,
}) => {
  const api = await planningApi(request);
  const tag = unique();
  const {
    vesselId,
    rows: [masterRow],
    rankIds,
  } = await api.vesselWithRows(`E2E MEET ${tag}`, ["Master"]);
  const [relieved, relief] = [
    await api.applicant(`Relieved${tag}`, "Oleh"),
    await api.applicant(`Relief${tag}`, "Taras"),
  ];
  const meet = dayFromToday(40);
  // The relief is ready on the day he joins.
  expect(
    (
      await api.call("patch", `/users/${relief}`, {
        data: { type: "users", id: relief, attributes: { readiness_date: meet } },
      })
    ).status,
  ).toBe(200);
  const off = await api.plan(masterRow ?? "", dayFromToday(-90), meet, relieved, "on_board");
  const on = await api.plan(masterRow ?? "", meet, dayFromToday(200), relief);

  await signIn(page, "admin@example.com");
  await page.goto(
    `/?vesselIds=${vesselId}&roleIds=${rankIds.join(",")}&ownerIds=all&day=${dayFromToday(-30)}`,
  );
  await planItem(page, off).click();
  await planItem(page, on).click({ modifiers: ["Control"] });
  await page.getByTestId("planner-crew-change").click();
  const dialog = page.getByTestId("crew-rotation");
  // Where the picked plans meet, not today.
  await expect(dialog.getByLabel(/^Date/)).toHaveValue(dmy(meet));
  // No port, no crew change.
  await expect(dialog.getByTestId("rotation-save")).toBeDisabled();
  await dialog.getByRole("combobox", { name: "Port" }).click();
  await page.getByRole("option").first().click();
  await expect(dialog.getByTestId("rotation-save")).toBeEnabled();

  // Four weeks earlier: both contracts move, and the relief would start before he is ready.
  const early = dayFromToday(12);
  await dialog.getByLabel(/^Date/).fill(dmy(early));
  await dialog.getByLabel(/^Date/).blur();
  let posted = false;
  page.on("request", (r) => {
    if (r.url().endsWith("/api/crew_changes") && r.method() === "POST") posted = true;
  });
  await dialog.getByTestId("rotation-save").click();
  const review = page.getByTestId("rotation-review");
  await expect(review).toBeVisible();
  const moves = review.getByTestId("rotation-moves");
  await expect(moves.locator("tbody tr")).toHaveCount(2);
  await expect(moves.locator("tbody tr", { hasText: `Relieved${tag}` })).toContainText(
    `${dmy(dayFromToday(-90))} – ${dmy(meet)}${dmy(dayFromToday(-90))} – ${dmy(early)}`,
  );
  await expect(moves.locator("tbody tr", { hasText: `Relief${tag}` })).toContainText(
    `${dmy(meet)} – ${dmy(dayFromToday(200))}${dmy(early)} – ${dmy(dayFromToday(200))}`,
  );
  await expect(review.getByTestId("rotation-readiness")).toContainText(
    `Relief${tag} Taras would start on ${dmy(early)} but is ready only on ${dmy(meet)}.`,
  );
  expect(posted).toBe(false);
  await shoot(page, "crew-rotation-review", { fullPage: false });
  await page.setViewportSize(PHONE);
  await shoot(page, "crew-rotation-review", { fullPage: false });
  await page.setViewportSize(WIDE);

  // Back to the meeting day: nothing moves, so nothing to confirm; the crew change is made at the port.
  await review.getByRole("button", { name: "Back" }).click();
  await dialog.getByLabel(/^Date/).fill(dmy(meet));
  await dialog.getByLabel(/^Date/).blur();
  const made = page.waitForResponse(
    (r) => r.url().endsWith("/api/crew_changes") && r.request().method() === "POST",
  );
  await dialog.getByTestId("rotation-save").click();
  const answer = await made;
  expect(answer.status()).toBe(201);
  const body = (await answer.json()) as {
    data: { attributes: { date: string }; relationships: { port: { data: { id: string } | null } } };
  };
  expect(body.data.attributes.date.slice(0, 10)).toBe(meet);
  expect(body.data.relationships.port.data).not.toBeNull();
  await expect(notice(page, "The crew change created successfully")).toBeVisible();
  const plans = await api.call("get", `/time_plans?filter[ids]=${off},${on}`);
  const dates = (plans.body.data as { id: string; attributes: { start: string; end: string } }[]).map((p) => [
    p.id,
    p.attributes.start.slice(0, 10),
    p.attributes.end.slice(0, 10),
  ]);
  expect(dates.sort()).toEqual(
    [
      [off, dayFromToday(-90), meet],
      [on, meet, dayFromToday(200)],
    ].sort(),
  );
});
