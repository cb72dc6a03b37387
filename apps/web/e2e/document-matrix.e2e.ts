import { expect, test, type Page } from "@playwright/test";
import { dayFromToday, planningApi } from "./support/planner-api";
import { PHONE, WIDE, shoot } from "./support/screenshot";
import { notice, signIn } from "./support/session";

/** Five letters (applicants' names take letters only). */
const unique = () =>
  Array.from({ length: 5 }, () => String.fromCharCode(65 + Math.floor(Math.random() * 26))).join("");

const COC = "STCW II/2 CoC Master and chief mate";
const BASIC = "STCW VI/1 Basic safety training";

/** Picks an option of a searchable select by typing part of it. */
const choose = async (page: Page, label: string, text: string) => {
  const box = page
    .getByRole("combobox", { name: label })
    .or(page.getByRole("textbox", { name: label }))
    .first();
  await box.click();
  await box.fill(text);
  await page
    .getByRole("option", { name: new RegExp(text.replace(/[/()]/g, "\\$&")) })
    .first()
    .click();
};

test.describe.configure({ mode: "serial" });

test("build a document matrix in the three-step form; the planner then warns about the missing certificate, naming it", async ({
  page,
  request,
}) => {
  const api = await planningApi(request);
  const tag = unique();
  const owner = await api.call("post", "/owners", {
    data: { type: "owners", attributes: { title: `E2E Matrix Owner ${tag}` } },
  });
  expect(owner.status).toBe(201);
  const ownerId = (owner.body.data as { id: string }).id;
  const {
    vesselId,
    rows: [masterRow],
    rankIds,
  } = await api.vesselWithRows(`E2E MATRIX ${tag}`, ["Master", "Cook"]);
  const linked = await api.call("patch", `/vessels/${vesselId}/relationships/owner`, {
    data: { type: "owners", id: ownerId },
  });
  expect(linked.status, JSON.stringify(linked.body)).toBeLessThan(300);
  const seafarer = await api.applicant(`Nocert${tag}`, "Ivan");

  await signIn(page, "admin@example.com");
  await page.goto(`/owners/${ownerId}/document_matrix`);
  await expect(page.getByText("This owner has no document matrix yet")).toBeVisible();
  await page.getByRole("button", { name: "New matrix" }).click();
  const form = page.getByRole("dialog");
  // Step 1: title and ranks (the owner's fleet: Master and Cook).
  await form.getByLabel("Title").fill(`Fleet standard ${tag}`);
  await form.getByRole("button", { name: "All ranks" }).click();
  await expect(form.locator(".mantine-Pill-root")).toHaveText(["Master", "Cook"]);
  await shoot(page, "document-matrix-step1", { fullPage: false });
  await form.getByRole("button", { name: "Next" }).click();
  // Step 2: documents in groups.
  await choose(page, "Add a document", BASIC);
  await form.getByLabel(`Group of ${BASIC}`).fill("STCW basic training");
  await choose(page, "Add a document", COC);
  await form.getByLabel(`Group of ${COC}`).fill("Certificates of competency");
  await shoot(page, "document-matrix-step2", { fullPage: false });
  await form.getByRole("button", { name: "Next" }).click();
  // Step 3: the grid: both need basic training; the master needs the CoC with 3 months left.
  await form.getByRole("button", { name: `Master: ${BASIC}: none` }).click();
  await form.getByRole("button", { name: `Cook: ${BASIC}: none` }).click();
  await form.getByRole("button", { name: `Master: ${COC}: none` }).click();
  await form.getByLabel(`Master: ${COC}: months left at joining`).fill("3");
  await form.getByRole("button", { name: `Cook: ${BASIC}: required` }).click();
  await expect(form.getByRole("button", { name: `Cook: ${BASIC}: recommended` })).toBeVisible();
  await shoot(page, "document-matrix-step3", { fullPage: false });
  await page.setViewportSize(PHONE);
  await shoot(page, "document-matrix-step3", { fullPage: false });
  await page.setViewportSize(WIDE);
  await form.getByRole("button", { name: "Save matrix" }).click();
  await expect(notice(page, "The document matrix is created and current")).toBeVisible();
  await expect(form).toBeHidden();
  // The full-form view: ranks as rows, documents as columns.
  const grid = page.getByRole("table", { name: `Document matrix Fleet standard ${tag}` });
  await expect(grid.getByLabel(`Master: ${COC}: required`)).toContainText("3 mo");
  await expect(grid.getByLabel(`Cook: ${BASIC}: recommended`)).toContainText("rec.");
  await expect(grid.getByLabel(`Cook: ${COC}: none`)).toBeEmpty();
  await expect(page.getByText("Current", { exact: true })).toBeVisible();
  await shoot(page, "document-matrix");
  await page.setViewportSize(PHONE);
  await shoot(page, "document-matrix");
  await page.setViewportSize(WIDE);

  // A plan for a seafarer without the master's CoC: the warning names the certificate when it is made.
  const made = await api.call("post", "/time_plans", {
    data: {
      type: "time_plans",
      attributes: { start: dayFromToday(20), end: dayFromToday(140), status: "to_propose" },
      relationships: {
        manning_scale: { data: { type: "manning_scales", id: masterRow } },
        user: { data: { type: "users", id: seafarer } },
      },
    },
  });
  expect(made.status).toBe(201);
  const warnings = (made.body.meta as { warnings: { title: string }[] }).warnings.map((w) => w.title);
  expect(warnings).toContain(`Missing: ${COC}`);
  expect(warnings).toContain(`Missing: ${BASIC}`);
  const planId = (made.body.data as { id: string }).id;

  // The planner marks the plan, and its editor lists the warnings with the document named.
  await page.goto(
    `/?vesselIds=${vesselId}&roleIds=${rankIds.join(",")}&ownerIds=all&day=${dayFromToday(-30)}`,
  );
  const item = page.locator(`.planner-timeline .vis-item.plan-${planId}`);
  await expect(item).toContainText("⚠");
  await item.dblclick();
  const list = page.getByTestId("plan-warnings");
  await expect(list).toContainText(`Missing: ${COC}`);
  await expect(list).toContainText(`requires ${COC} for Master; the seafarer holds none.`);
  await shoot(page, "document-matrix-planner-warning", { fullPage: false });
  await page.setViewportSize(PHONE);
  await shoot(page, "document-matrix-planner-warning", { fullPage: false });
  await page.setViewportSize(WIDE);

  // The compliance check of the vessel on the owner page.
  await page.goto(`/owners/${ownerId}/document_matrix`);
  await choose(page, "Vessel", `E2E MATRIX ${tag}`);
  await page.getByRole("button", { name: "Check crew" }).click();
  const report = page.getByRole("table", { name: "Compliance check" });
  await expect(report).toContainText(`Nocert${tag} Ivan`);
  await expect(report).toContainText(`${COC}: missing`);
  await shoot(page, "document-matrix-check");
});
