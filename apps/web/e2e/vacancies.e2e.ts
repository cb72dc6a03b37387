import { expect, test } from "@playwright/test";
import { dayFromToday, planningApi } from "./support/planner-api";
import { PHONE, WIDE, shoot } from "./support/screenshot";
import { notice, signIn } from "./support/session";

/** "2026-12-28" as the screens write it: "28.12.2026". */
const dmy = (iso: string): string => iso.split("-").reverse().join(".");
// Letters only: a surname may hold letters, spaces, hyphens and apostrophes.
const unique = () =>
  Array.from({ length: 5 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join("");

test.describe.configure({ mode: "serial" });

/**
 * Issue 18 §1-2 in the browser: create a vacancy, publish it, open its public page, apply the
 * top match from the vacancy's page and move the application to approved (the seafarer lands
 * on the vessel's row); the applicant's page offers Apply to vacancy.
 */
test("create and publish a vacancy, see it on /jobs, apply the top match, move it to approved", async ({
  page,
  request,
}) => {
  test.setTimeout(300_000);
  const tag = unique().toUpperCase();
  const api = await planningApi(request);
  // A rank of its own, so the one applicant holding it is the top match.
  const rank = await api.call("post", "/ranks", {
    data: { type: "ranks", attributes: { title: `Reefer Engineer ${tag}`, department: "engine" } },
  });
  expect(rank.status, JSON.stringify(rank.body)).toBe(201);
  const rankTitle = `Reefer Engineer ${tag}`;
  const vesselName = `VAC STAR ${tag}`;
  const { rows } = await api.vesselWithRows(vesselName, []);
  expect(rows).toEqual([]);
  const rankId = (rank.body.data as { id: string }).id;
  const vessels = await api.call("get", `/vessels?search=${encodeURIComponent(vesselName)}`);
  const vesselId = ((vessels.body.data as { id: string }[])[0] ?? { id: "" }).id;
  const row = await api.call("post", `/vessels/${vesselId}/manning_scales`, {
    data: { type: "manning_scales", relationships: { role: { data: { type: "ranks", id: rankId } } } },
  });
  expect(row.status, JSON.stringify(row.body)).toBe(201);
  const seafarerId = await api.applicant(`Matchley${tag}`, "Oleg");
  const patched = await api.call("patch", `/users/${seafarerId}`, {
    data: {
      type: "users",
      id: seafarerId,
      attributes: { readiness_date: dayFromToday(10) },
      relationships: { role: { data: { type: "ranks", id: rankId } } },
    },
  });
  expect(patched.status, JSON.stringify(patched.body)).toBe(200);

  await page.setViewportSize(WIDE);
  await signIn(page, "admin@example.com");
  await page.goto("/vacancies/new");
  const form = page.getByRole("dialog");
  await form.getByLabel("Rank").click();
  await form.getByLabel("Rank").fill(rankTitle);
  await page.getByRole("option", { name: rankTitle }).click();
  await form.getByLabel("Vessel").click();
  await form.getByLabel("Vessel").fill(vesselName);
  await page.getByRole("option", { name: vesselName }).click();
  await form.getByLabel("Joining date").fill(dayFromToday(40).split("-").reverse().join("."));
  await form.getByLabel("Contract, months").fill("4");
  await form.getByLabel("Wage, USD/month").fill("7800");
  await form.getByLabel("Description").fill(`Reefer vessel, Rotterdam to Santos ${tag}`);
  await form.getByLabel("Published", { exact: true }).check();
  await shoot(page, "vacancy-form", { fullPage: false });
  await form.getByRole("button", { name: /^(Save|Create)$/ }).click();
  // Publishing a new vacancy puts it on the public page: said first, sent on Confirm.
  await expect(form.getByTestId("changes-preview")).toContainText(
    "Will be listed on the public vacancies page (/jobs)",
  );
  await form.getByRole("button", { name: "Confirm and save" }).click();
  await expect(notice(page, /created successfully/i)).toBeVisible();
  await expect(page).toHaveURL(/\/vacancies(\?.*)?$/);

  // Its page (the one vacancy of our vessel).
  const made = await api.call("get", `/vacancies?filter[vessel_id]=${vesselId}`);
  const vacancyId = ((made.body.data as { id: string }[])[0] ?? { id: "" }).id;
  expect(vacancyId).not.toBe("");
  await page.goto(`/vacancies/${vacancyId}/details`);
  await expect(page.getByRole("heading", { name: `${rankTitle} · ${vesselName}` })).toBeVisible();
  await expect(page.getByText("Published", { exact: true }).first()).toBeVisible();

  // Its public page (no account needed) carries the JobPosting data.
  const jobs = await request.get(`/jobs/${vacancyId}`);
  expect(jobs.status()).toBe(200);
  expect(await jobs.text()).toContain('"@type":"JobPosting"');
  const list = await request.get("/jobs");
  expect(await list.text()).toContain(vesselName);
  // And its feeds, for job boards: JSON Feed and Atom.
  const feed = await request.get("/jobs/feed.json");
  expect(feed.status()).toBe(200);
  expect(await feed.text()).toContain(`/jobs/${vacancyId}`);
  const atom = await request.get("/jobs/feed.xml");
  expect(atom.status()).toBe(200);
  expect(await atom.text()).toContain(vesselName);

  // The matches: the seafarer holding the rank is first, with why.
  const matches = page.getByTestId("vacancy-matches");
  await expect(matches.getByTestId("match-row").first()).toContainText(`Matchley${tag}`);
  await expect(matches.getByText(`Holds the rank ${rankTitle}`).first()).toBeVisible();
  await shoot(page, "vacancy-details");
  await matches.getByTestId(`match-apply-${seafarerId}`).click();
  const applyDialog = page.getByRole("dialog", { name: "Apply to a vacancy" });
  await expect(applyDialog.getByTestId("apply-summary")).toContainText("status Processing");
  await applyDialog.getByLabel("Comment (optional)").fill("Called him, keen to join");
  await shoot(page, "vacancy-apply-dialog", { fullPage: false });
  await applyDialog.getByTestId("apply-confirm").click();
  await expect(notice(page, "Your Apply created successfully")).toBeVisible();
  await expect(matches.getByText("Applied", { exact: true })).toBeVisible();
  await expect(page.getByTestId("apply-add-task")).toBeVisible();

  // The application moves through the flow, each move confirmed with what it does.
  const applies = page.getByTestId("vacancy-applies");
  await expect(applies.getByText(`Matchley${tag} Oleg`)).toBeVisible();
  await expect(applies.getByText("Processing", { exact: true })).toBeVisible();
  await applies.getByTestId("move-approved").waitFor({ state: "detached" });
  await applies.getByTestId("move-proposed").click();
  await expect(page.getByTestId("move-summary")).toContainText("Processing → Proposed to the owner");
  await page.getByTestId("move-confirm").click();
  await expect(notice(page, "Status updated successfully")).toBeVisible();
  await expect(applies.getByText("Proposed to the owner", { exact: true })).toBeVisible();
  await applies.getByTestId("move-approved").click();
  await expect(page.getByTestId("move-summary")).toContainText("put on the vacancy's plan on the scheduler");
  await expect(page.getByTestId("move-summary")).toContainText("taken off its public page");
  await shoot(page, "vacancy-move-dialog", { fullPage: false });
  await page.getByTestId("move-confirm").click();
  await expect(notice(page, "Status updated successfully").first()).toBeVisible();
  await expect(applies.getByText("Approved by the owner", { exact: true })).toBeVisible();
  await applies.getByRole("button", { name: /All \d+ changes/ }).click();
  await expect(applies.getByText("Called him, keen to join")).toBeVisible();
  await shoot(page, "vacancy-applications");

  // Approval planned him on the vessel's row for the rank.
  const plans = await api.call("get", `/time_plans?filter[vessel_id]=${vesselId}`);
  const planned = (plans.body.data as { attributes: { status: string; user_id: number | null } }[]).map(
    (p) => p.attributes,
  );
  expect(planned).toContainEqual(
    expect.objectContaining({ status: "approved", user_id: Number(seafarerId) }),
  );
  // And the scheduler shows him there.
  await page.goto(`/?vesselIds=${vesselId}&roleIds=${rankId}&ownerIds=all&day=${dayFromToday(20)}`);
  await expect(
    page.locator(".planner-timeline .vis-item", { hasText: `Matchley${tag}` }).first(),
  ).toBeVisible();
  await shoot(page, "vacancy-approved-on-scheduler");

  await page.setViewportSize(PHONE);
  await shoot(page, "vacancy-details", { fullPage: false });

  // The applicant's page offers Apply to vacancy (pick the vacancy).
  await page.setViewportSize(WIDE);
  await page.goto(`/users/${seafarerId}/details`);
  await page.getByTestId("apply-to-vacancy").click();
  const fromApplicant = page.getByRole("dialog", { name: "Apply to a vacancy" });
  await expect(fromApplicant.getByLabel("Vacancy")).toBeVisible();
  await shoot(page, "applicant-apply-dialog", { fullPage: false });
});

/**
 * Issue 18 §1: the scheduler's globe and offer follow the vacancy. A published vacancy plan with
 * an offer makes its vacancy; unpublishing the vacancy in its edit form takes the globe and the
 * offer off the plan's item on the scheduler; publishing it again with another wage brings them
 * back with the new figure.
 */
test("the scheduler's globe and offer follow a vacancy edit", async ({ page, request }) => {
  test.setTimeout(240_000);
  const tag = unique().toUpperCase();
  const api = await planningApi(request);
  const vesselName = `E2E GLOBE ${tag}`;
  const { vesselId, rows, rankIds } = await api.vesselWithRows(vesselName, ["Master"]);
  const made = await api.call("post", "/time_plans", {
    data: {
      type: "time_plans",
      attributes: {
        start: dayFromToday(30),
        end: dayFromToday(150),
        status: "vacancy",
        to_publish: true,
        offer: 6150,
      },
      relationships: { manning_scale: { data: { type: "manning_scales", id: rows[0] } } },
    },
  });
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  const planId = (made.body.data as { id: string }).id;
  const plan = await api.call("get", `/time_plans/${planId}`);
  const vacancyId = String(
    (plan.body.data as { attributes: { vacancy_id: number | null } }).attributes.vacancy_id,
  );
  expect(vacancyId).toMatch(/^\d+$/);

  const scheduler = `/?vesselIds=${vesselId}&roleIds=${rankIds.join(",")}&ownerIds=all&day=${dayFromToday(20)}`;
  const item = page.locator(`.planner-timeline .vis-item.plan-${planId}`);
  await page.setViewportSize(WIDE);
  await signIn(page, "admin@example.com");
  await page.goto(scheduler);
  await expect(item).toContainText("🌐 Vacancy (USD 6,150)");

  // Unpublish it in the vacancy's edit form.
  await page.goto(`/vacancies/${vacancyId}/edit`);
  const form = page.getByRole("dialog");
  await expect(form.getByLabel("Published", { exact: true })).toBeChecked();
  await form.getByLabel("Published", { exact: true }).uncheck();
  await form.getByRole("button", { name: "Save changes" }).click();
  // The review says what the save moves beyond the vacancy; nothing is sent before Confirm.
  const review = form.getByTestId("changes-preview");
  await expect(review).toContainText("Published: yes → no");
  await expect(review).toContainText(
    `The scheduler's plan on ${vesselName}, Master, from ${dmy(dayFromToday(30))}: no longer published`,
  );
  await expect(review).toContainText("will answer 410");
  const still = await api.call("get", `/vacancies/${vacancyId}`);
  expect((still.body.data as { attributes: { published: boolean } }).attributes.published).toBe(true);
  await form.getByRole("button", { name: "Confirm and save" }).click();
  await expect(page).toHaveURL(/\/vacancies(\?.*)?$/);
  const unpublished = await api.call("get", `/vacancies/${vacancyId}`);
  expect((unpublished.body.data as { attributes: { published: boolean } }).attributes.published).toBe(false);

  // The scheduler: no globe, no offer.
  await page.goto(scheduler);
  await expect(item).toContainText("Vacancy");
  await expect(item).not.toContainText("🌐");
  await expect(item).not.toContainText("6,150");
  await page.waitForTimeout(1500);
  await expect(item).toContainText("Vacancy");
  await shoot(page, "vacancy-unpublished-on-scheduler", { fullPage: false });

  // Publish it again with another wage: the globe returns with the new offer.
  await page.goto(`/vacancies/${vacancyId}/edit`);
  await expect(form.getByLabel("Published", { exact: true })).not.toBeChecked();
  await form.getByLabel("Published", { exact: true }).check();
  await form.getByLabel("Wage, USD/month").fill("6400");
  await form.getByRole("button", { name: "Save changes" }).click();
  await expect(review).toContainText("Wage: USD 6,150 → USD 6,400");
  await expect(review).toContainText(
    `The scheduler's plan on ${vesselName}, Master, from ${dmy(dayFromToday(30))}: offer USD 6,150 → USD 6,400`,
  );
  await review.scrollIntoViewIfNeeded();
  await shoot(page, "vacancy-edit-review", { fullPage: false });
  // Back keeps what was typed; Save shows the same review again.
  await form.getByRole("button", { name: "Back" }).click();
  await expect(form.getByLabel("Wage, USD/month")).toHaveValue("6,400");
  await form.getByRole("button", { name: "Save changes" }).click();
  await form.getByRole("button", { name: "Confirm and save" }).click();
  await expect(page).toHaveURL(/\/vacancies(\?.*)?$/);
  await page.goto(scheduler);
  await expect(item).toContainText("🌐 Vacancy (USD 6,400)");
  // The timeline draws again once the live stream's refresh lands: picture it after that.
  await page.waitForTimeout(1500);
  await expect(item).toContainText("🌐 Vacancy (USD 6,400)");
  await shoot(page, "vacancy-republished-on-scheduler", { fullPage: false });
});
