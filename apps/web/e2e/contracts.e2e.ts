import { expect, test } from "@playwright/test";
import { readFileSync } from "node:fs";
import { planningApi } from "./support/planner-api";
import { PHONE, WIDE, shoot } from "./support/screenshot";
import { signIn } from "./support/session";

type TPlan = {
  id: string;
  attributes: { has_contract_template: boolean; user_id: number | null; user_name: string };
};

test("a demo plan prints its contract first try, as Word and as PDF; the owner's Templates tab lists the placeholders and refuses a bad template", async ({
  page,
  request,
}, testInfo) => {
  const api = await planningApi(request);
  const plans = await api.call("get", "/time_plans?filter[status]=approved&page[size]=100");
  const plan = (plans.body.data as TPlan[]).find(
    (p) => p.attributes.has_contract_template && p.attributes.user_id,
  );
  if (!plan) throw new Error("no demo plan with a contract template");

  await signIn(page, "admin@example.com");
  await page.goto(`/timeplans/${plan.id}/edit`);
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByTestId("print-contract")).toBeVisible();
  await shoot(page, "contract-print-button", { fullPage: false });
  await dialog.getByTestId("print-contract").click();
  const [docx] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("menuitem", { name: "Contract (Word .docx)" }).click(),
  ]);
  expect(docx.suggestedFilename()).toMatch(/^Contract .*\.docx$/);
  // Kept with the run's output for a person to open (LibreOffice -> PNG).
  await docx.saveAs(testInfo.outputPath(docx.suggestedFilename()));
  const docxBytes = readFileSync((await docx.path()) ?? "");
  expect(docxBytes.subarray(0, 2).toString()).toBe("PK");

  await dialog.getByTestId("print-contract").click();
  const [pdf] = await Promise.all([
    page.waitForEvent("download", { timeout: 90_000 }),
    page.getByRole("menuitem", { name: "Contract (PDF)" }).click(),
  ]);
  // A PDF where LibreOffice is installed, else the .docx and a notice saying so.
  await pdf.saveAs(testInfo.outputPath(pdf.suggestedFilename()));
  if (pdf.suggestedFilename().endsWith(".pdf"))
    expect(
      readFileSync((await pdf.path()) ?? "")
        .subarray(0, 5)
        .toString(),
    ).toBe("%PDF-");
  else await expect(page.getByText("PDF is not available on this server")).toBeVisible();

  // The owner's Templates tab: the stored templates checked, the placeholders listed.
  const owners = await api.call("get", "/owners?page[size]=1&sort=title");
  const ownerId = (owners.body.data as { id: string }[])[0]?.id ?? "";
  await page.goto(`/owners/${ownerId}/templates`);
  const contract = page.getByTestId("templates-contract_template");
  await expect(contract).toContainText("Seafarer employment agreement.docx");
  await expect(contract).toContainText("fills every MLC particular");
  await expect(page.getByTestId("placeholder-reference")).toContainText("{seafarer_full_name}");
  // A template with a misspelt placeholder is refused, naming it; the stored one stays.
  const [chooser] = await Promise.all([
    page.waitForEvent("filechooser"),
    page.getByTestId("templates-document_templates").getByRole("button", { name: "Upload .docx" }).click(),
  ]);
  await chooser.setFiles({
    name: "Bad.docx",
    mimeType: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
    buffer: readFileSync(new URL("./support/bad-placeholder.docx", import.meta.url)),
  });
  await expect(page.getByTestId("templates-document_templates")).toContainText("{seafarer_nam}");
  await shoot(page, "owner-templates", { fullPage: true });
  await page.setViewportSize(PHONE);
  await shoot(page, "owner-templates", { fullPage: false });
  await page.setViewportSize(WIDE);
});
