import { createHash } from "node:crypto";
import type { TDb } from "../../db/client.js";
import { newKey } from "../../kernel/files-service.js";
import { sampleContractTemplate, sampleJoiningLetter } from "../../print/sample-contract-docx.js";
import type { TStorage } from "../../storage/storage.js";
import { storedFilesRepository } from "../../storage/stored-files-repository.js";

const DOCX = "application/vnd.openxmlformats-officedocument.wordprocessingml.document";

/** Each demo owner's address (MLC 2006 A2.1 asks for the shipowner's name and address). */
const ADDRESSES: Record<string, string> = {
  "Aegean Bulk Carriers S.A.": "85 Akti Miaouli, 185 38 Piraeus, Greece",
  "Nordic Tankers AS": "Strandveien 50, 1366 Lysaker, Norway",
  "Pacific Crest Shipping Pte Ltd": "10 Marina Boulevard, #22-01, Singapore 018983",
  "Black Sea Maritime Ltd": "12 Lanzheronivska St, Odesa 65026, Ukraine",
  "Hanseatic Container Lines GmbH": "Grosse Elbstrasse 145, 22767 Hamburg, Germany",
};

/** The terms every demo contract states (an owner edits its own on the owner's form). */
const TERMS = {
  annualLeave:
    "Paid annual leave of 7 days for each month of service (2.5 days being the minimum under MLC 2006 Standard A2.4), paid with the monthly wage.",
  terminationTerms:
    "The agreement ends on the date stated above. Either party may end it earlier with 30 days' written notice; the seafarer may end it at once on compassionate grounds or where the shipowner breaches it.",
  healthBenefits:
    "Medical care on board and ashore at the shipowner's cost, sick pay for up to 16 weeks, and social-security protection under the flag State's and the seafarer's State of residence's schemes.",
  repatriation:
    "Repatriation at the shipowner's cost to the seafarer's home airport at the end of the agreement, on its earlier termination for the reasons above, or when the seafarer can no longer serve.",
  collectiveAgreement: "ITF IBF Framework Agreement 2024-2025, which forms part of this agreement.",
};

/**
 * The owners' contract terms and templates (issue 17 §4): every demo owner has an address, the
 * terms, a contract template that fills every MLC particular and a joining letter, so the demo's
 * plans print a contract first try. Without storage (a bench seeding the database alone) only
 * the terms are written.
 */
export const seedContracts = async (db: TDb, storage?: TStorage): Promise<void> => {
  const owners = await db.owner.findMany({ select: { id: true, title: true } });
  for (const o of owners)
    await db.owner.update({ where: { id: o.id }, data: { address: ADDRESSES[o.title] ?? null, ...TERMS } });
  if (!storage) return;
  const files = [
    {
      name: "contract_template",
      filename: "Seafarer employment agreement.docx",
      body: await sampleContractTemplate(),
    },
    { name: "document_templates", filename: "Letter of joining.docx", body: await sampleJoiningLetter() },
  ];
  const rows = [];
  for (const o of owners)
    for (const f of files) {
      const key = newKey("owners");
      await storage.put(key, f.body, { contentType: DOCX });
      rows.push({
        key,
        filename: f.filename,
        contentType: DOCX,
        byteSize: f.body.length,
        checksum: createHash("sha256").update(f.body).digest("base64"),
        recordType: "owners",
        recordId: o.id,
        name: f.name,
        position: 0,
        updatedAt: new Date(),
      });
    }
  await storedFilesRepository(db).create(rows, null);
};
