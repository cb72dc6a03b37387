import { expect, test } from "@playwright/test";
import { readFileSync } from "node:fs";
import { dayFromToday, planningApi } from "./support/planner-api";
import { PHONE, WIDE, shoot } from "./support/screenshot";
import { signIn } from "./support/session";

/** Five letters (applicants' names take letters only). */
const unique = () =>
  Array.from({ length: 5 }, () => String.fromCharCode(65 + Math.floor(Math.random() * 26))).join("");

test("the arrival crew list is checked before printing: expired passports and empty boxes per seafarer, then printed anyway as .docx", async ({
  page,
  request,
}, testInfo) => {
  const api = await planningApi(request);
  const tag = unique();
  const {
    vesselId,
    rows: [masterRow],
  } = await api.vesselWithRows(`E2E FAL ${tag}`, ["Master"]);
  const [relieved, relief] = [
    await api.applicant(`Arriving${tag}`, "Oleh"),
    await api.applicant(`Joining${tag}`, "Taras"),
  ];
  const off = await api.plan(masterRow ?? "", dayFromToday(-90), dayFromToday(20), relieved, "on_board");
  const on = await api.plan(masterRow ?? "", dayFromToday(20), dayFromToday(150), relief);
  // The master aboard on arrival carries a passport that runs out ten days before the ship arrives.
  const kinds = await api.call("get", "/applicant-documents?page[size]=999");
  const passport = (kinds.body.data as { id: string; attributes: { title: string } }[]).find((k) =>
    /passport/i.test(k.attributes.title),
  );
  if (!passport) throw new Error("the demo has no passport kind");
  const document = await api.call("post", `/users/${relieved}/documents`, {
    data: {
      type: "applicant_documents",
      attributes: { n_tpd: 1, number: `P${tag}`, valid_until: dayFromToday(10) },
      relationships: { kind: { data: { type: "applicant-documents", id: passport.id } } },
    },
  });
  expect(document.status, JSON.stringify(document.body)).toBe(201);
  // A crew change happens at a port (required): any port of the demo's.
  const ports = await api.call("get", "/ports?page[size]=1");
  const portId = (ports.body.data as { id: string }[])[0]?.id;
  if (!portId) throw new Error("the demo has no port");
  const cc = await api.call("post", "/crew_changes", {
    data: {
      type: "crew_changes",
      attributes: {
        date: dayFromToday(20),
        voyage_number: `V-${tag}`,
        crewlists: [{ sign_on_id: on, sign_off_id: off }],
      },
      relationships: {
        vessel: { data: { type: "vessels", id: vesselId } },
        port: { data: { type: "ports", id: portId } },
      },
    },
  });
  expect(cc.status, JSON.stringify(cc.body)).toBe(201);
  const ccId = (cc.body.data as { id: string }).id;

  await signIn(page, "admin@example.com");
  await page.goto(`/crew-changes/${ccId}/details`);
  await page.getByTestId("crew-change-print").click();
  await page.getByRole("menuitem", { name: "On arrival, .docx" }).click();
  const problems = page.getByTestId("crew-list-problems");
  await expect(problems).toBeVisible();
  await expect(problems).toContainText("1 of 1 seafarers");
  const line = problems.getByTestId("crew-list-problem");
  await expect(line).toHaveCount(1);
  await expect(line).toContainText(`ARRIVING${tag} Oleh`);
  await expect(line).toContainText("Master");
  // Box 17: expired by the arrival; box 16: no issuing State; box 12: no place of birth.
  await expect(line).toContainText(/expired on \d\d\.\d\d\.\d{4}, before the arrival on \d\d\.\d\d\.\d{4}/);
  for (const box of ["Box 12", "Box 16", "Box 17"])
    await expect(line.getByText(box, { exact: true }).first()).toBeVisible();
  await shoot(page, "crew-list-problems", { fullPage: false });
  await page.setViewportSize(PHONE);
  await shoot(page, "crew-list-problems", { fullPage: false });
  await page.setViewportSize(WIDE);

  const download = page.waitForEvent("download");
  await page.getByTestId("crew-list-print-anyway").click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(new RegExp(`^Crew list arrival E2E FAL ${tag} .*\\.docx$`));
  const saved = testInfo.outputPath("crew-list-arrival.docx");
  await file.saveAs(saved);
  expect(readFileSync(saved).subarray(0, 2).toString()).toBe("PK");
  await expect(problems).toBeHidden();

  // Or fix it: the seafarer's documents are one click away.
  await page.getByTestId("crew-change-print").click();
  await page.getByRole("menuitem", { name: "On arrival, .xlsx" }).click();
  await problems.getByRole("link", { name: "Fix on the seafarer's documents" }).click();
  // The documents list may write its page size into the address once it has loaded.
  await expect(page).toHaveURL(new RegExp(`/users/${relieved}/documents(\\?perPage=\\d+)?$`));
});
