import {
  AlignmentType,
  BorderStyle,
  Document,
  HeadingLevel,
  Packer,
  Paragraph,
  Table,
  TableCell,
  TableRow,
  TextRun,
  WidthType,
} from "docx";

/**
 * A seafarer employment agreement template with every MLC 2006 Standard A2.1 particular as a
 * placeholder (issue 17 §4): the demo owners' contract template, and what the owner page offers
 * to download as a starting point. Written with `docx`; filled later by docxtemplater.
 */
const run = (text: string, bold = false) => new TextRun({ text, bold, size: 20 });
const para = (...parts: (string | TextRun)[]) =>
  new Paragraph({
    spacing: { after: 80 },
    children: parts.map((p) => (typeof p === "string" ? run(p) : p)),
  });
const heading = (text: string) =>
  new Paragraph({
    heading: HeadingLevel.HEADING_2,
    spacing: { before: 200, after: 80 },
    children: [run(text, true)],
  });

/** The value, or "not on record" when it is empty (a docxtemplater condition; nothing is evaluated). */
const orNone = (name: string, shown = `{${name}}`) =>
  `{#${name}}${shown}{/${name}}{^${name}}not on record{/${name}}`;

const NONE = { style: BorderStyle.SINGLE, size: 2, color: "999999" };
const cell = (text: string, bold = false) =>
  new TableCell({
    width: { size: 50, type: WidthType.PERCENTAGE },
    borders: { top: NONE, bottom: NONE, left: NONE, right: NONE },
    children: [new Paragraph({ children: [run(text, bold)] })],
  });
const row = (label: string, value: string) => new TableRow({ children: [cell(label, true), cell(value)] });
const table = (rows: [string, string][]) =>
  new Table({ width: { size: 100, type: WidthType.PERCENTAGE }, rows: rows.map(([l, v]) => row(l, v)) });

export const sampleContractTemplate = async (): Promise<Buffer> => {
  const doc = new Document({
    creator: "Crewing back office",
    title: "Seafarer employment agreement",
    sections: [
      {
        properties: { page: { margin: { top: 900, bottom: 900, left: 1000, right: 1000 } } },
        children: [
          new Paragraph({
            alignment: AlignmentType.CENTER,
            heading: HeadingLevel.HEADING_1,
            children: [new TextRun({ text: "SEAFARER EMPLOYMENT AGREEMENT", bold: true, size: 30 })],
          }),
          new Paragraph({
            alignment: AlignmentType.CENTER,
            spacing: { after: 200 },
            children: [run("in accordance with the Maritime Labour Convention, 2006, Standard A2.1")],
          }),
          para("Made at ", run("{agreement_place}", true), " on ", run("{agreement_date}", true), "."),
          heading("1. Shipowner"),
          table([
            ["Name", "{owner_name}"],
            ["Address", orNone("owner_address")],
          ]),
          heading("2. Seafarer"),
          table([
            ["Full name", "{seafarer_full_name}"],
            ["Date of birth (age)", "{seafarer_birth_date} ({seafarer_age})"],
            ["Place of birth", orNone("seafarer_birth_place")],
            ["Nationality", "{seafarer_nationality}"],
            ["Home address", orNone("seafarer_address")],
            [
              "Passport",
              orNone(
                "passport_number",
                "{passport_number}, {passport_issued_by}, valid until {passport_valid_until}",
              ),
            ],
            [
              "Seaman's book",
              orNone(
                "seaman_book_number",
                "{seaman_book_number}, {seaman_book_issued_by}, valid until {seaman_book_valid_until}",
              ),
            ],
          ]),
          heading("3. Vessel and capacity"),
          table([
            ["Vessel", "{vessel_name} (IMO {vessel_imo})"],
            ["Flag, type", "{vessel_flag}, {vessel_type}"],
            ["Gross tonnage, deadweight", "{vessel_gross_tonnage} GT, {vessel_deadweight} t"],
            ["Capacity on board", "{rank} ({rank_department})"],
          ]),
          heading("4. Period of engagement"),
          para(
            "The seafarer joins the vessel at ",
            run("{joining_port}", true),
            " ({joining_port_country}) on {joining_date}. The agreement runs from ",
            run("{contract_start}", true),
            " to ",
            run("{contract_end}", true),
            " ({contract_duration_months} months, {contract_duration_days} days).",
          ),
          heading("5. Wages"),
          para("Monthly wage: USD ", run("{wage_offered}", true), "."),
          para(
            "By the owner's wage scale for the rank, a month: basic {wage_basic}, guaranteed overtime {wage_overtime}, leave pay {wage_leave_pay}, other allowances {wage_other}: total {wage_total} {wage_currency}.",
          ),
          para("Bonuses by the owner's scale ({wage_currency}):{^bonuses} none.{/bonuses}"),
          para("{#bonuses}"),
          para(
            "– {name}{#consecutive_contracts} from consecutive contract {consecutive_contracts}{/consecutive_contracts}: {amount}",
          ),
          para("{/bonuses}"),
          heading("6. Paid annual leave"),
          para("{annual_leave}"),
          heading("7. Termination"),
          para("{termination_terms}"),
          heading("8. Health protection and social-security benefits"),
          para("{health_benefits}"),
          heading("9. Repatriation"),
          para("{repatriation}"),
          heading("10. Collective bargaining agreement"),
          para(
            "{#collective_agreement}{collective_agreement}{/collective_agreement}{^collective_agreement}None.{/collective_agreement}",
          ),
          heading("Identity documents on record"),
          para("{#identity_documents}"),
          para("{kind} {number} ({issued_by}), valid until {valid_until}"),
          para("{/identity_documents}"),
          para("{^identity_documents}None on record.{/identity_documents}"),
          new Paragraph({ spacing: { before: 400 }, children: [] }),
          table([
            ["For the shipowner", "The seafarer"],
            ["{owner_name}", "{seafarer_full_name}"],
            ["Signature: ____________________", "Signature: ____________________"],
          ]),
        ],
      },
    ],
  });
  return Packer.toBuffer(doc);
};

/** A second template for the owners' document templates: the joining letter. */
export const sampleJoiningLetter = async (): Promise<Buffer> => {
  const doc = new Document({
    sections: [
      {
        children: [
          new Paragraph({
            heading: HeadingLevel.HEADING_1,
            children: [new TextRun({ text: "Letter of joining", bold: true, size: 28 })],
          }),
          para("{agreement_place}, {agreement_date}"),
          para("To the Master of ", run("{vessel_name}", true), " (IMO {vessel_imo})"),
          para(
            "Please receive ",
            run("{seafarer_full_name}", true),
            ", {rank}, passport {passport_number}, who joins the vessel at {joining_port} on {joining_date}.",
          ),
          para("{owner_name}"),
        ],
      },
    ],
  });
  return Packer.toBuffer(doc);
};
