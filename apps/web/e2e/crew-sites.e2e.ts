import { expect, test, type Page } from "@playwright/test";
import { planningApi } from "./support/planner-api";
import { WIDE, shoot } from "./support/screenshot";
import { signIn } from "./support/session";

/**
 * Refresh from UkrCrewing (issue 19 §2; docs/outside-channels.md) against the real API and the
 * UkrCrewing stand-in (start-server.mjs turns it on; it serves the demo applicants' CVs, each a
 * little different from our record: crew-sites/demo-profiles.ts). Staff accept two of the three
 * changed fields; the applicant then shows those two and still our value of the third.
 */

/** The value shown under a label on the applicant's details page. */
const shownUnder = (page: Page, label: string) =>
  page.getByText(label, { exact: true }).locator("xpath=following-sibling::div[1]");

test("admin: refresh an applicant from UkrCrewing, accept two of three changed fields", async ({
  page,
  request,
}) => {
  const api = await planningApi(request);
  const list = await api.call(
    "get",
    "/users?page[size]=500&fields[users]=ukr_crewing_id,mobile_phone,readiness_date,wage&sort=id",
  );
  expect(list.status).toBe(200);
  const rows = (list.body.data ?? []) as { id: string; attributes: Record<string, unknown> }[];
  // The demo's UkrCrewing profile changes the phone (even ids), the readiness date (always) and
  // the wage (ids not 1 mod 3): an id of 0 or 2 mod 6 with a phone has all three.
  const picked = rows.find(
    (r) =>
      typeof r.attributes.ukr_crewing_id === "string" &&
      typeof r.attributes.mobile_phone === "string" &&
      [0, 2].includes(Number(r.id) % 6),
  );
  if (!picked) throw new Error("no demo applicant with a UkrCrewing id fits");
  const userId = picked.id;
  const before = picked.attributes;

  await page.setViewportSize(WIDE);
  await signIn(page, "admin@example.com");
  await page.goto(`/users/${userId}/details`);
  const readinessBefore = (await shownUnder(page, "Readiness").innerText()).trim();
  const wageBefore = (await shownUnder(page, "Expected wage").innerText()).trim();

  await page.goto(`/users/${userId}/external`);
  await expect(page.getByText("Nothing fetched from UkrCrewing yet.")).toBeVisible();
  await page.getByRole("button", { name: "Refresh from UkrCrewing" }).click();
  await expect(page.getByText("User updated successfully from UkrCrewing")).toBeVisible();
  const diff = page.getByTestId("external-diff");
  await expect(diff).toBeVisible();
  const theirs = async (field: string) =>
    (await diff.locator(`tr[data-field="${field}"] td`).last().innerText()).trim();
  for (const field of ["mobile_phone", "readiness_date", "wage"])
    await expect(diff.locator(`tr[data-field="${field}"]`)).toBeVisible();
  const newPhone = await theirs("mobile_phone");
  const newWage = Number(await theirs("wage"));
  const newReadiness = await theirs("readiness_date");
  expect(newPhone).not.toBe(before.mobile_phone);
  expect(newWage).not.toBe(before.wage);
  await shoot(page, "crew-sites-diff");

  // Take the phone and the wage; leave the readiness date as ours.
  await diff.locator('tr[data-field="mobile_phone"]').getByRole("checkbox").check();
  await diff.locator('tr[data-field="wage"]').getByRole("checkbox").check();
  await page.getByRole("button", { name: "Accept 2 selected" }).click();
  await expect(page.getByText("The user updated successfully")).toBeVisible();
  await expect(page.getByTestId("external-version").getByText("Reviewed", { exact: true })).toBeVisible();
  await expect(page.getByText(/^Taken: /)).toContainText("Mobile phone");
  await shoot(page, "crew-sites-accepted");

  // The record: the two taken, the third still ours.
  const after = await api.call("get", `/users/${userId}?fields[users]=mobile_phone,readiness_date,wage`);
  const a = (after.body.data as { attributes: Record<string, unknown> }).attributes;
  expect(a.mobile_phone).toBe(newPhone);
  expect(a.wage).toBe(newWage);
  expect(a.readiness_date).toBe(before.readiness_date);
  expect(a.readiness_date).not.toBe(newReadiness);

  // And the details page shows it so.
  await page.goto(`/users/${userId}/details`);
  await expect(shownUnder(page, "Mobile phone")).toHaveText(newPhone);
  await expect(shownUnder(page, "Readiness")).toHaveText(readinessBefore);
  await expect(shownUnder(page, "Expected wage")).not.toHaveText(wageBefore);
  await shoot(page, "crew-sites-applicant-after");
});

test("admin: take a sea-service row only UkrCrewing knows, after seeing exactly what will be added", async ({
  page,
  request,
}) => {
  const api = await planningApi(request);
  // The demo's last applicant with a UkrCrewing id and sea service has one more contract on
  // UkrCrewing than in our record (crew-sites/demo-profiles.ts withEarlierContract).
  const list = await api.call("get", "/users?page[size]=200&fields[users]=ukr_crewing_id&sort=-id");
  expect(list.status).toBe(200);
  const rows = (list.body.data ?? []) as { id: string; attributes: Record<string, unknown> }[];
  let userId: string | undefined;
  let before = 0;
  for (const r of rows.filter((x) => typeof x.attributes.ukr_crewing_id === "string")) {
    const service = await api.call("get", `/users/${r.id}/expiriences?page[size]=999`);
    const n = ((service.body.data ?? []) as unknown[]).length;
    if (n > 0) {
      userId = r.id;
      before = n;
      break;
    }
  }
  if (!userId) throw new Error("no demo applicant with a UkrCrewing id and sea service");
  const serviceCount = async () =>
    ((await api.call("get", `/users/${userId}/expiriences?page[size]=999`)).body.data as unknown[]).length;

  await page.setViewportSize(WIDE);
  await signIn(page, "admin@example.com");
  await page.goto(`/users/${userId}/external`);
  await page.getByRole("button", { name: "Refresh from UkrCrewing" }).click();
  await expect(page.getByText("User updated successfully from UkrCrewing")).toBeVisible();
  const section = page.getByTestId("external-sea-service");
  const row = section.locator("tr[data-new]", { hasText: "NORDIC SPIRIT" }).last();
  await expect(row).toBeVisible();
  // Days as the rest of the app writes them (dd.mm.yyyy), nowhere yyyy-mm-dd.
  await expect(row).toContainText(/\d{2}\.\d{2}\.\d{4}/);
  await expect(page.getByTestId("external-versions")).not.toContainText(/\d{4}-\d{2}-\d{2}/);
  const signedOn = (await row.locator("td").nth(4).innerText()).trim();

  await row.getByRole("checkbox").check();
  const add = page.getByRole("button", { name: "Add 1 row to sea service" });
  await add.click();
  // The dialog lists exactly what will be added; cancelling writes nothing.
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByTestId("sea-service-confirm")).toContainText("NORDIC SPIRIT");
  await expect(dialog.getByTestId("sea-service-confirm").locator("tr")).toHaveCount(1);
  await expect(dialog).toContainText(signedOn);
  await shoot(page, "crew-sites-sea-service-confirm", { fullPage: false });
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toBeHidden();
  expect(await serviceCount()).toBe(before);

  await add.click();
  await page.getByRole("dialog").getByRole("button", { name: "Add 1 row" }).click();
  await expect(page.getByText("1 sea-service row added to the applicant")).toBeVisible();
  // The version is read again: the row is ours now, nothing left to tick.
  await expect(section.locator("tr", { hasText: "NORDIC SPIRIT" }).last()).toContainText("In our record");
  await expect(section.locator("tr[data-new]")).toHaveCount(0);
  expect(await serviceCount()).toBe(before + 1);
  await shoot(page, "crew-sites-sea-service-taken");

  // The sea-service tab shows it.
  await page.goto(`/users/${userId}/experiences`);
  await expect(page.getByText("NORDIC SPIRIT")).toBeVisible();
  await expect(page.getByText(signedOn).first()).toBeVisible();
  await shoot(page, "crew-sites-sea-service-tab");
});
