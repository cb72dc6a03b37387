import { expect, test, type Page } from "@playwright/test";
import { planningApi } from "./support/planner-api";
import { PHONE, shoot, WIDE } from "./support/screenshot";
import { notice, signIn } from "./support/session";

/**
 * Issue 22 (what a recruiter and a coordinator meet in their first week), points 4, 7, 11,
 * 18, 19 and 20, in Chromium against the real API. Records are laid out through the API.
 */
test.describe.configure({ mode: "serial" });

const letters = (n: number) =>
  Array.from({ length: n }, () => "abcdefghijklmnopqrstuvwxyz"[Math.floor(Math.random() * 26)]).join("");
const rel = (type: string, id: string) => ({ data: { type, id } });

type TApi = Awaited<ReturnType<typeof planningApi>>;

/** The id of a record of a list, by a title attribute's value (select options). */
const optionOf = async (api: TApi, type: string, label?: string): Promise<{ id: string; label: string }> => {
  const res = await api.call(
    "get",
    `/select_options?type=${type}${label ? `&q=${encodeURIComponent(label)}` : ""}`,
  );
  const options = (res.body.data ?? []) as { id: string; attributes: { label: string } }[];
  const found = label ? options.find((o) => o.attributes.label === label) : options[0];
  if (!found) throw new Error(`no ${type} ${label ?? ""}`);
  return { id: found.id, label: found.attributes.label };
};

const created = async (api: TApi, path: string, data: unknown): Promise<string> => {
  const res = await api.call("post", path, data);
  expect(res.status, JSON.stringify(res.body).slice(0, 400)).toBe(201);
  const body = res.body.data as { id: string };
  return body.id;
};

/** An applicant of our own with sea service, a document, an interview and a relative, as admin makes them. */
const applicantWithRecords = async (api: TApi) => {
  const surname = `Week${letters(8)}`;
  const userId = await created(api, "/users", {
    data: { type: "users", attributes: { surname, name: "Ivan", knowing_duplicate: true } },
  });
  const rank = await optionOf(api, "ranks", "Chief Officer");
  const considered = await optionOf(api, "ranks", "Master");
  const relation = await optionOf(api, "relation_types");
  const kind = await optionOf(api, "applicant-documents", "Passport");
  const interviewer = await optionOf(api, "clients");
  await created(api, `/users/${userId}/expiriences`, {
    data: {
      type: "expiriences",
      attributes: { vessel_name: "MV Week One", date_on: "2024-01-10", date_off: "2024-07-09" },
      relationships: { role: rel("ranks", rank.id) },
    },
  });
  await created(api, `/users/${userId}/documents`, {
    data: {
      type: "applicant_documents",
      attributes: { n_tpd: 1, number: "FP900001", valid_until: "2031-01-01" },
      relationships: { kind: rel("applicant-documents", kind.id), role: rel("ranks", rank.id) },
    },
  });
  await created(api, `/users/${userId}/interviews`, {
    data: {
      type: "interviews",
      attributes: { title: "Technical interview", date: "2026-10-01" },
      relationships: { interviewer: rel("clients", interviewer.id), role: rel("ranks", considered.id) },
    },
  });
  await created(api, `/users/${userId}/relatives`, {
    data: {
      type: "relatives",
      attributes: { name: "Olena Week" },
      relationships: { relation_type: rel("relation_types", relation.id) },
    },
  });
  return { userId, surname, rank, considered, relation, interviewer };
};

const rowOf = (page: Page, text: string) => page.locator("tbody tr").filter({ hasText: text });

test("22.4: a manager reads the names a seafarer's records link to", async ({ page }) => {
  const api = await planningApi(page.request);
  const a = await applicantWithRecords(api);
  await signIn(page, "manager@example.com");

  await page.goto(`/users/${a.userId}/experiences`);
  await expect(rowOf(page, "MV Week One")).toContainText(a.rank.label);
  await shoot(page, "first-week-manager-sea-service");

  await page.goto(`/users/${a.userId}/documents`);
  await expect(rowOf(page, "FP900001")).toContainText(a.rank.label);

  await page.goto(`/users/${a.userId}/interviews`);
  const interview = rowOf(page, "Technical interview");
  await expect(interview).toContainText(a.interviewer.label);
  await expect(interview).toContainText(a.considered.label);

  await page.goto(`/users/${a.userId}/relatives`);
  await expect(rowOf(page, "Olena Week")).toContainText(a.relation.label);
});

test("22.4: a partner's vessel list names type and flag", async ({ page }) => {
  await signIn(page, "partner@example.com");
  await page.goto("/vessels");
  const rows = page.locator("tbody tr");
  await expect(rows.first()).toBeVisible();
  const first = rows.first();
  await expect(first.locator("td[data-column='vessel_type']")).not.toHaveText("—");
  await expect(first.locator("td[data-column='flag']")).not.toHaveText("—");
  for (const size of [WIDE, PHONE]) {
    await page.setViewportSize(size);
    await shoot(page, "first-week-partner-vessels");
  }
});

test("22.7: Edit and delete opened from a record's tab return to it; Back never reopens a form", async ({
  page,
}) => {
  const api = await planningApi(page.request);
  const a = await applicantWithRecords(api);
  await signIn(page, "admin@example.com");
  await page.goto(`/users/${a.userId}/documents`);
  await expect(rowOf(page, "FP900001")).toBeVisible();

  // Edit the seafarer from the documents tab: Save lands on the tab again.
  await page.getByRole("link", { name: "Edit", exact: true }).first().click();
  const dialog = page.getByRole("dialog");
  await expect(dialog).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/users/${a.userId}/documents/edit(\\?.*)?$`));
  await dialog.getByRole("textbox", { name: /^Name/ }).first().fill("Ivan Edited");
  await dialog.getByRole("button", { name: "Save changes", exact: true }).click();
  await expect(dialog).toBeHidden({ timeout: 20_000 });
  await expect(page).toHaveURL(new RegExp(`/users/${a.userId}/documents(\\?.*)?$`));
  await expect(rowOf(page, "FP900001")).toBeVisible();
  await page.goBack();
  await expect(page.getByRole("dialog")).toBeHidden();
  await expect(page).not.toHaveURL(/\/edit(\?.*)?$/);

  // The new sea-service dialog: after Create, Back does not open it again.
  await page.goto(`/users/${a.userId}/experiences`);
  await page.getByRole("link", { name: "New sea service" }).first().click();
  const form = page.getByRole("dialog");
  await form.getByRole("textbox", { name: "Vessel", exact: true }).fill("MV Back Test");
  await form.getByRole("combobox", { name: /^Rank/ }).click();
  await form.getByRole("combobox", { name: /^Rank/ }).fill("Master");
  await page.getByRole("option", { name: "Master", exact: true }).click();
  await form.getByRole("textbox", { name: /^Sign-on/ }).fill("10.01.2023");
  await form.getByRole("textbox", { name: /^Sign-on/ }).press("Tab");
  await form.getByRole("textbox", { name: /^Sign-off/ }).fill("09.07.2023");
  await form.getByRole("textbox", { name: /^Sign-off/ }).press("Tab");
  await form.getByRole("button", { name: "Create", exact: true }).click();
  await expect(form).toBeHidden({ timeout: 20_000 });
  await expect(page).toHaveURL(new RegExp(`/users/${a.userId}/experiences(\\?.*)?$`));
  await page.goBack();
  await expect(page.getByRole("dialog")).toBeHidden();
  await expect(page).not.toHaveURL(/\/new(\?.*)?$/);

  // Esc on a delete confirmation opened from the record returns to the record.
  await page.goto(`/users/${a.userId}/documents`);
  await page.getByRole("link", { name: "Delete", exact: true }).first().click();
  await expect(page.getByRole("dialog")).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(page.getByRole("dialog")).toBeHidden();
  await expect(page).toHaveURL(new RegExp(`/users/${a.userId}/documents(\\?.*)?$`));
  await expect(notice(page, /deleted/i)).toHaveCount(0);
});

test("22.11: closing a form with typed changes asks; a save refused by an ended session keeps the change", async ({
  page,
}) => {
  const api = await planningApi(page.request);
  const a = await applicantWithRecords(api);
  await signIn(page, "admin@example.com");
  await page.goto(`/users/${a.userId}/relatives`);
  await expect(rowOf(page, "Olena Week")).toBeVisible();
  await rowOf(page, "Olena Week").getByRole("link", { name: "Edit" }).click();
  const dialog = page.getByRole("dialog", { name: /Edit relative/i });
  const name = dialog.getByRole("textbox", { name: /^Name/ });
  await expect(name).toHaveValue("Olena Week");

  // Untouched, Esc closes at once.
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();

  // Typed, Esc asks; Keep editing keeps the text, the x asks again, Discard closes.
  await rowOf(page, "Olena Week").getByRole("link", { name: "Edit" }).click();
  await name.fill("Olena Changed");
  await page.keyboard.press("Escape");
  const ask = page.getByRole("dialog", { name: "Discard your changes?" });
  await expect(ask).toBeVisible();
  for (const size of [WIDE, PHONE]) {
    await page.setViewportSize(size);
    await shoot(page, "first-week-discard-confirm", { fullPage: false });
  }
  await page.setViewportSize(WIDE);
  await ask.getByRole("button", { name: "Keep editing" }).click();
  await expect(name).toHaveValue("Olena Changed");
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(ask).toBeVisible();
  await ask.getByRole("button", { name: "Discard" }).click();
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await expect(rowOf(page, "Olena Week")).toBeVisible();

  // The session ends while the form is open: Save leads to sign-in, and the form comes back with the change.
  await rowOf(page, "Olena Week").getByRole("link", { name: "Edit" }).click();
  await name.fill("Olena After Sign-in");
  await page.evaluate(() => localStorage.setItem("access-token", "expired-token"));
  await dialog.getByRole("button", { name: "Save changes", exact: true }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.getByLabel("Email").fill("admin@example.com");
  await page.getByLabel("Password", { exact: true }).fill("Demo-Password-1");
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  const again = page.getByRole("dialog", { name: /Edit relative/i });
  await expect(again.getByRole("textbox", { name: /^Name/ })).toHaveValue("Olena After Sign-in");
  await expect(again.getByText("Your unsaved changes are back")).toBeVisible();
  await again.getByRole("button", { name: "Save changes", exact: true }).click();
  await expect(again).toBeHidden({ timeout: 20_000 });
  await expect(rowOf(page, "Olena After Sign-in")).toBeVisible();
  // Saved, the draft is gone: the form opens on the record.
  await rowOf(page, "Olena After Sign-in").getByRole("link", { name: "Edit" }).click();
  await expect(page.getByRole("dialog").getByText("Your unsaved changes are back")).toHaveCount(0);
});

test("22.20: the seafarer list fits a 1440 px window without scrolling sideways", async ({ page }) => {
  await page.setViewportSize(WIDE);
  await signIn(page, "admin@example.com");
  await page.goto("/users");
  await expect(page.locator("tbody tr").first()).toBeVisible();
  const overflow = await page.evaluate(() => {
    const widest = [...document.querySelectorAll<HTMLElement>("table")].map((t) => {
      const box = t.parentElement;
      return box ? box.scrollWidth - box.clientWidth : 0;
    });
    return Math.max(document.documentElement.scrollWidth - document.documentElement.clientWidth, ...widest);
  });
  await shoot(page, "first-week-seafarers", { fullPage: false });
  expect(overflow, "the seafarer list scrolls sideways").toBeLessThanOrEqual(0);
});

test("22.19: a document's expiry badge and its 'Expires in' line count the same days", async ({ page }) => {
  const api = await planningApi(page.request);
  const a = await applicantWithRecords(api);
  const kind = await optionOf(api, "applicant-documents", "Passport");
  const inDays = 12;
  const until = new Date(Date.now() + inDays * 86_400_000).toISOString().slice(0, 10);
  await created(api, `/users/${a.userId}/documents`, {
    data: {
      type: "applicant_documents",
      attributes: { n_tpd: 1, number: "EX120012", valid_until: until },
      relationships: { kind: rel("applicant-documents", kind.id) },
    },
  });
  await signIn(page, "admin@example.com");
  await page.goto(`/users/${a.userId}/documents`);
  const row = rowOf(page, "EX120012");
  await expect(row).toContainText(`Expires in ${inDays} days`);
  await expect(row.locator("[data-validity='expiring']")).toHaveText(`Expiring · ${inDays} d`);
  for (const size of [WIDE, PHONE]) {
    await page.setViewportSize(size);
    await shoot(page, "first-week-document-expiry");
  }
});
