import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { PHONE, shoot, WIDE } from "./support/screenshot";
import { DEMO_PASSWORD, notice, signIn } from "./support/session";

/**
 * The applicant records (issue 10) in Chromium against the real API: sea service with a file and
 * the list columns it moves, a document with its endorsement, the documents' order across a
 * reload, a verification and a coincidence with another applicant, a promotion and its count,
 * the CV download. Records the flows start from are made through the API.
 */
test.describe.configure({ mode: "serial" });

const AUTH = ["access-token", "token-type", "client", "expiry", "uid"] as const;
const PDF = Buffer.from(
  "%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj 2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n",
);
const letters = (n: number) =>
  Array.from({ length: n }, () => "abcdefghijklmnopqrstuvwxyz"[Math.floor(Math.random() * 26)]).join("");
const surnameOf = () => `Rec${letters(8)}`;

interface TRecord {
  id: string;
  attributes: Record<string, unknown>;
}

/** A session of its own for preparing data through the API (the spec's JSON:API calls). */
const apiAs = async (request: APIRequestContext) => {
  const signed = await request.post("/api/auth/sign_in", {
    data: { email: "admin@example.com", password: DEMO_PASSWORD },
  });
  expect(signed.status()).toBe(200);
  let headers: Record<string, string> = {};
  const keep = (h: Record<string, string>) => {
    if (AUTH.every((k) => h[k])) headers = Object.fromEntries(AUTH.map((k) => [k, h[k] ?? ""]));
  };
  keep(signed.headers());
  const call = async (method: "get" | "post", path: string, data?: unknown) => {
    const res = await request[method](path, {
      headers: { ...headers, "content-type": "application/vnd.api+json" },
      ...(data ? { data } : {}),
    });
    keep(res.headers());
    const body = (await res.json()) as { data: TRecord | TRecord[] };
    expect(res.ok(), JSON.stringify(body).slice(0, 400)).toBe(true);
    return body;
  };
  const one = async (
    path: string,
    type: string,
    attributes: Record<string, unknown>,
    relationships: Record<string, unknown> = {},
  ) => (await call("post", path, { data: { type, attributes, relationships } })).data as TRecord;
  const optionId = async (type: string, q: string) => {
    const body = await call("get", `/api/select_options?type=${type}&q=${encodeURIComponent(q)}`);
    const found = (body.data as { id: string; attributes: { label: string } }[]).find(
      (o) => o.attributes.label === q,
    );
    if (!found) throw new Error(`no ${type} '${q}'`);
    return found.id;
  };
  const firstOption = async (type: string) => {
    const body = await call("get", `/api/select_options?type=${type}`);
    return (body.data as { id: string }[])[0]?.id;
  };
  return { one, optionId, firstOption };
};

const rel = (type: string, id: string) => ({ data: { type, id } });
/** A day before today as the API takes it (2026-11-04) and as the screens show it (04.11.2026). */
const daysAgo = (n: number) => {
  const iso = new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);
  const [y, m, d] = iso.split("-");
  return { iso, shown: `${d ?? ""}.${m ?? ""}.${y ?? ""}` };
};
const noSideScroll = async (page: Page) => {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow, "the page scrolls sideways").toBeLessThanOrEqual(0);
};

test("recruiter: sea service with a file moves the applicant's list columns", async ({ page }) => {
  const api = await apiAs(page.request);
  const surname = surnameOf();
  const user = await api.one("/api/users", "users", { surname, name: "Andrii", knowing_duplicate: true });
  await signIn(page, "admin@example.com");
  await page.goto(`/users/${user.id}/experiences`);
  await expect(page.getByRole("heading", { name: "Sea service" })).toBeVisible();
  await page.getByRole("link", { name: "New sea service" }).first().click();
  const dialog = page.getByRole("dialog");
  await dialog.getByRole("textbox", { name: "Vessel", exact: true }).fill("MV Aurora Borealis");
  await dialog.getByRole("textbox", { name: "IMO" }).fill("9074729");
  await dialog.getByRole("textbox", { name: "Deadweight, t" }).fill("82000");
  await dialog.getByRole("textbox", { name: "Manager company" }).fill("Blue Sea Ship Management");
  await dialog.getByRole("combobox", { name: /^Rank/ }).click();
  await dialog.getByRole("combobox", { name: /^Rank/ }).fill("Chief Officer");
  await page.getByRole("option", { name: "Chief Officer", exact: true }).click();
  await dialog.getByRole("textbox", { name: /^Sign-on/ }).fill("10.01.2025");
  await dialog.getByRole("textbox", { name: /^Sign-on/ }).press("Tab");
  await dialog.getByRole("textbox", { name: /^Sign-off/ }).fill("09.07.2025");
  await dialog.getByRole("textbox", { name: /^Sign-off/ }).press("Tab");
  const chooser = page.waitForEvent("filechooser");
  await dialog.getByRole("button", { name: /Choose files?/ }).click();
  await (await chooser).setFiles({ name: "discharge book.pdf", mimeType: "application/pdf", buffer: PDF });
  await shoot(page, "records-sea-service-form", { fullPage: false });
  await dialog.getByRole("button", { name: "Create", exact: true }).click();
  await expect(notice(page, "Sea service created successfully")).toBeVisible();
  await expect(dialog).toBeHidden({ timeout: 20_000 });
  const row = page.locator("tbody tr").filter({ hasText: "MV Aurora Borealis" });
  await expect(row).toContainText("IMO 9074729");
  await expect(row).toContainText("82,000 t");
  await expect(row).toContainText("10.01.2025 – 09.07.2025");
  await expect(row).toContainText("6 m");
  await expect(row.locator("td[data-column='files']")).toHaveText("1");

  // The applicant's list columns follow at once.
  await page.goto(`/users?search=${surname}`);
  const listed = page.locator("tbody tr").filter({ hasText: surname });
  await expect(listed).toHaveCount(1);
  await expect(listed.locator("td[data-column='last_expirience']")).toContainText("MV Aurora Borealis");
});

test("recruiter: a certificate with its endorsement, and the documents' order kept across a reload", async ({
  page,
}) => {
  const api = await apiAs(page.request);
  const user = await api.one("/api/users", "users", {
    surname: surnameOf(),
    name: "Petro",
    knowing_duplicate: true,
  });
  const passport = await api.optionId("applicant-documents", "Passport");
  const book = await api.optionId("applicant-documents", "Seaman's book");
  for (const [kind, number] of [
    [passport, "FP100001"],
    [book, "AB200002"],
  ] as const) {
    await api.one(
      `/api/users/${user.id}/documents`,
      "applicant_documents",
      { n_tpd: 1, number, valid_until: "2031-01-01" },
      { kind: rel("applicant-documents", kind) },
    );
  }
  await signIn(page, "admin@example.com");
  await page.goto(`/users/${user.id}/documents`);
  await page.getByRole("link", { name: "New document" }).first().click();
  const dialog = page.getByRole("dialog");
  await dialog.getByRole("combobox", { name: /^Kind/ }).click();
  await dialog.getByRole("combobox", { name: /^Kind/ }).fill("STCW II/2");
  await page
    .getByRole("option", { name: /STCW II\/2/ })
    .first()
    .click();
  await dialog.getByRole("combobox", { name: /^Type/ }).click();
  await page.getByRole("option", { name: "Certificate with endorsement" }).click();
  await dialog.getByRole("textbox", { name: /^Number/ }).fill("COC-7788/2024");
  await dialog
    .getByRole("textbox", { name: /^Valid until/ })
    .first()
    .fill("31.03.2029");
  await dialog
    .getByRole("textbox", { name: /^Valid until/ })
    .first()
    .press("Tab");
  await dialog.getByRole("checkbox", { name: "It has a flag-state endorsement" }).check();
  await dialog.getByRole("textbox", { name: /^Endorsement number/ }).fill("END-LR-5512");
  await dialog.getByRole("textbox", { name: /^Endorsement valid until/ }).fill("31.03.2029");
  await dialog.getByRole("textbox", { name: /^Endorsement valid until/ }).press("Tab");
  await shoot(page, "records-document-form", { fullPage: false });
  await dialog.getByRole("button", { name: "Create", exact: true }).click();
  await expect(notice(page, "Document created successfully")).toBeVisible();
  await expect(dialog).toBeHidden();
  const certificate = page.getByTestId("document-row").filter({ hasText: "COC-7788/2024" });
  await expect(certificate).toBeVisible();
  await expect(page.getByTestId("endorsement-row")).toContainText("END-LR-5512");
  await expect(page.getByTestId("document-row")).toHaveCount(3);
  await shoot(page, "records-documents");

  // Drag the certificate (its endorsement with it) to the top: the order is kept across a reload.
  const grip = certificate.getByLabel(/^Move /);
  await grip.focus();
  await page.keyboard.press("Space");
  await page.keyboard.press("ArrowUp");
  await page.keyboard.press("ArrowUp");
  await page.keyboard.press("Space");
  await expect(notice(page, "The order of the documents is saved")).toBeVisible();
  await expect(page.getByTestId("document-row").first()).toContainText("COC-7788/2024");
  await page.reload();
  await expect(page.getByTestId("document-row").first()).toContainText("COC-7788/2024");
  await expect(page.getByTestId("document-row").nth(1)).toContainText("FP100001");
  await expect(page.getByTestId("endorsement-row")).toContainText("END-LR-5512");
  await page.setViewportSize(PHONE);
  await expect(page.getByText("COC-7788/2024")).toBeVisible();
  await noSideScroll(page);
  await shoot(page, "records-documents");
  await page.setViewportSize(WIDE);
});

test("recruiter: verifies a contract, finds a coincidence with another applicant, records a promotion and downloads the CV", async ({
  page,
}) => {
  const api = await apiAs(page.request);
  const chief = await api.optionId("ranks", "Chief Officer");
  const a = await api.one("/api/users", "users", {
    surname: surnameOf(),
    name: "Oleh",
    knowing_duplicate: true,
  });
  const bSurname = surnameOf();
  const b = await api.one("/api/users", "users", {
    surname: bSurname,
    name: "Ivan",
    knowing_duplicate: true,
  });
  const ship = { vessel_name: "MV Coincidence", vessel_imo: "9074729" };
  await api.one(
    `/api/users/${a.id}/expiriences`,
    "expiriences",
    { ...ship, date_on: "2023-01-10", date_off: "2023-07-09" },
    { role: rel("ranks", chief) },
  );
  await api.one(
    `/api/users/${b.id}/expiriences`,
    "expiriences",
    { ...ship, date_on: "2023-03-01", date_off: "2023-09-01" },
    { role: rel("ranks", chief) },
  );

  await signIn(page, "admin@example.com");
  await page.goto(`/users/${a.id}/experiences`);
  await page
    .locator("tbody tr")
    .filter({ hasText: "MV Coincidence" })
    .getByRole("button", { name: "Verify" })
    .click();
  const panel = page.getByRole("dialog", { name: /MV Coincidence/ });
  await expect(panel.getByRole("heading", { name: "Verifications" })).toBeVisible();

  await panel.getByRole("button", { name: "New verification" }).click();
  const form = page.getByRole("dialog", { name: "New verification" });
  await form.getByRole("combobox", { name: /^Result/ }).click();
  await page.getByRole("option", { name: "Not confirmed", exact: true }).click();
  await form
    .getByRole("textbox", { name: "Company contacted" })
    .fill("Blue Sea Ship Management, crewing department");
  await form.getByRole("textbox", { name: "Person contacted" }).fill("Capt. A. Morris");
  await form.getByRole("button", { name: "Create", exact: true }).click();
  await expect(notice(page, "The verification created successfully")).toBeVisible();
  await expect(panel.getByTestId("verifications")).toContainText("Not confirmed");

  await panel.getByRole("button", { name: "Check coincidences" }).click();
  await expect(panel.getByTestId("coincidences")).toContainText(bSurname);
  await shoot(page, "records-contract-panel", { fullPage: false });

  await panel.getByRole("button", { name: "New record" }).click();
  const record = page.getByRole("dialog", { name: "New performance record" });
  await record.getByRole("combobox", { name: /^Kind/ }).click();
  await page.getByRole("option", { name: "Promotion", exact: true }).click();
  await record.getByRole("combobox", { name: /^Promoted to/ }).click();
  await record.getByRole("combobox", { name: /^Promoted to/ }).fill("Master");
  await page.getByRole("option", { name: "Master", exact: true }).click();
  await record.getByRole("button", { name: "Create", exact: true }).click();
  await expect(notice(page, "The performance created successfully")).toBeVisible();
  await expect(panel.getByTestId("performances")).toContainText("Promoted to Master");
  await page.keyboard.press("Escape");
  await expect(panel).toBeHidden();

  // The promotion shows on the applicant (the status arrow, the details' count).
  await page.getByRole("tab", { name: "Details" }).click();
  await expect(page.getByText("1: Master")).toBeVisible({ timeout: 10_000 });

  await page.getByRole("tab", { name: "Sea service" }).click();
  await expect(page.locator("tbody tr").filter({ hasText: "MV Coincidence" })).toContainText("Not confirmed");
  await shoot(page, "records-sea-service");
  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: "CV", exact: true }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^CV .+\.docx$/);
  // A fresh page: the notices of the writes would cover the picture.
  await page.reload();
  await expect(page.getByText("MV Coincidence")).toBeVisible();
  await page.setViewportSize(PHONE);
  await expect(page.getByText("MV Coincidence")).toBeVisible();
  await noSideScroll(page);
  await shoot(page, "records-sea-service");
  await page.setViewportSize(WIDE);
});

test("a vessel of the fleet lists who served on her", async ({ page }) => {
  const api = await apiAs(page.request);
  const vesselId = await api.firstOption("vessels");
  test.skip(!vesselId, "no vessel in the demo fleet");
  // A record of service of its own, the latest (the list opens newest first): the first
  // vessel of the demo fleet may have none.
  const surname = surnameOf();
  const user = await api.one("/api/users", "users", { surname, name: "Ostap", knowing_duplicate: true });
  await api.one(
    `/api/users/${user.id}/expiriences`,
    "expiriences",
    { date_on: daysAgo(20).iso, date_off: daysAgo(5).iso },
    {
      vessel: rel("vessels", vesselId ?? ""),
      role: rel("ranks", await api.optionId("ranks", "Chief Officer")),
    },
  );
  await signIn(page, "admin@example.com");
  await page.goto(`/vessels/${vesselId ?? ""}/experiences`);
  await expect(page.getByRole("heading", { name: "Sea service" })).toBeVisible();
  await expect(page.locator("thead")).toContainText("Seafarer");
  await expect(page.locator("tbody tr").filter({ hasText: surname })).toContainText(
    `${daysAgo(20).shown} – ${daysAgo(5).shown}`,
  );
  await shoot(page, "records-vessel-experiences");
});
