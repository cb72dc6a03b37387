import {
  AlignmentType,
  BorderStyle,
  Document,
  Footer,
  ImageRun,
  Packer,
  PageNumber,
  Paragraph,
  Table,
  TableCell,
  TableLayoutType,
  TableRow,
  TextRun,
  VerticalAlign,
  WidthType,
} from "docx";
import { DOCUMENT_TYPES, formatDay, GENDER_OPTIONS } from "@crew/contracts";
import { serviceLength } from "../service-length.js";
import type { TCvApplicant, TCvDocument, TCvEnglishTest, TCvService } from "./cv-repository.js";
import { imageSize } from "./image-size.js";

/** Everything one CV prints; a part the reader may not read is left out (null). */
export interface TCv {
  applicant: TCvApplicant;
  photo: Buffer | null;
  documents: TCvDocument[] | null;
  seaService: TCvService[] | null;
  englishTests: TCvEnglishTest[] | null;
  printedBy: string;
  today: Date;
}

/** A4 portrait in twentieths of a point, margins of 1.5 cm. */
const PAGE = { width: 11_906, height: 16_838, margin: 850 };
const WIDTH = PAGE.width - 2 * PAGE.margin;
const NAVY = "1F3864";
const SHADE = "E8EEF5";

const run = (
  value: string,
  opts: { bold?: boolean; size?: number; color?: string; italics?: boolean } = {},
): TextRun =>
  new TextRun({
    text: value,
    bold: opts.bold ?? false,
    italics: opts.italics ?? false,
    size: opts.size ?? 18,
    ...(opts.color ? { color: opts.color } : {}),
  });

const heading = (title: string): Paragraph =>
  new Paragraph({
    spacing: { before: 280, after: 100 },
    border: { bottom: { style: BorderStyle.SINGLE, size: 8, color: NAVY, space: 2 } },
    children: [run(title.toUpperCase(), { bold: true, size: 22, color: NAVY })],
  });

const cell = (
  value: string,
  opts: { bold?: boolean; head?: boolean; width?: number; center?: boolean; size?: number } = {},
): TableCell =>
  new TableCell({
    verticalAlign: VerticalAlign.CENTER,
    margins: { top: 30, bottom: 30, left: 50, right: 50 },
    ...(opts.head ? { shading: { fill: SHADE } } : {}),
    ...(opts.width ? { width: { size: opts.width, type: WidthType.DXA } } : {}),
    children: [
      new Paragraph({
        alignment: opts.center ? AlignmentType.CENTER : AlignmentType.LEFT,
        children: [
          run(value, { bold: opts.bold ?? opts.head ?? false, size: opts.size ?? (opts.head ? 15 : 16) }),
        ],
      }),
    ],
  });

/** A table of `shares` relative column widths, its head repeated on every page. */
const grid = (
  heads: readonly string[],
  shares: readonly number[],
  rows: readonly (readonly string[])[],
  centered: readonly number[] = [],
  size?: number,
): Table => {
  const total = shares.reduce((a, b) => a + b, 0);
  const widths = shares.map((s) => Math.floor((WIDTH * s) / total));
  return new Table({
    width: { size: WIDTH, type: WidthType.DXA },
    layout: TableLayoutType.FIXED,
    columnWidths: widths,
    rows: [
      new TableRow({
        tableHeader: true,
        children: heads.map((h, i) =>
          cell(h, { head: true, center: centered.includes(i), ...(size ? { size } : {}) }),
        ),
      }),
      ...rows.map(
        (r) =>
          new TableRow({
            cantSplit: true,
            children: r.map((v, i) => cell(v, { center: centered.includes(i), ...(size ? { size } : {}) })),
          }),
      ),
    ],
  });
};

const none = (what: string): Paragraph =>
  new Paragraph({ children: [run(`No ${what} recorded.`, { italics: true, color: "666666" })] });

const ageOn = (birthday: Date, today: Date): number => {
  let age = today.getUTCFullYear() - birthday.getUTCFullYear();
  const before =
    today.getUTCMonth() < birthday.getUTCMonth() ||
    (today.getUTCMonth() === birthday.getUTCMonth() && today.getUTCDate() < birthday.getUTCDate());
  if (before) age -= 1;
  return age;
};

/** The photo at most 3.5 × 4.5 cm, its proportions kept; nothing for a picture Word cannot show (WebP). */
const photoRun = (photo: Buffer | null): ImageRun | null => {
  const size = photo ? imageSize(photo) : null;
  if (!photo || !size || !size.width || !size.height) return null;
  const scale = Math.min(132 / size.width, 170 / size.height);
  return new ImageRun({
    type: size.type,
    data: photo,
    transformation: { width: Math.round(size.width * scale), height: Math.round(size.height * scale) },
  });
};

const personal = (cv: TCv): Table => {
  const a = cv.applicant;
  const line = (label: string, value: string | null): TableRow[] =>
    value ? [new TableRow({ children: [cell(label, { bold: true, width: 2200 }), cell(value)] })] : [];
  const details = new Table({
    width: { size: WIDTH - 2600, type: WidthType.DXA },
    layout: TableLayoutType.FIXED,
    columnWidths: [2200, WIDTH - 4800],
    // Only what is known: an owner reads a CV, not a form.
    rows: [
      ...line("Surname", a.surname.toUpperCase()),
      ...line("Given names", [a.name, a.middle].filter(Boolean).join(" ")),
      ...line("Rank applied for", a.rank),
      ...line(
        "Date of birth",
        a.birthday ? `${formatDay(a.birthday)} (${ageOn(a.birthday, cv.today)} y.o.)` : null,
      ),
      ...line("Gender", GENDER_OPTIONS.find((o) => o.value === a.gender)?.label ?? null),
      ...line("Country of birth", a.countryOfBirth),
      ...line("Available from", a.readinessDate ? formatDay(a.readinessDate) : null),
      ...line("Mobile phone", a.mobilePhone),
      ...line("Home phone", a.phonehome),
      ...line("Email", a.email),
      ...line("Address", a.address),
    ],
  });
  const image = photoRun(cv.photo);
  const noBorder = { style: BorderStyle.NONE, size: 0, color: "FFFFFF" };
  const borders = { top: noBorder, bottom: noBorder, left: noBorder, right: noBorder };
  return new Table({
    width: { size: WIDTH, type: WidthType.DXA },
    layout: TableLayoutType.FIXED,
    columnWidths: [2600, WIDTH - 2600],
    borders: { ...borders, insideHorizontal: noBorder, insideVertical: noBorder },
    rows: [
      new TableRow({
        children: [
          new TableCell({
            borders,
            width: { size: 2600, type: WidthType.DXA },
            children: [
              image
                ? new Paragraph({ children: [image] })
                : new Paragraph({ children: [run("No photo", { italics: true, color: "888888" })] }),
            ],
          }),
          new TableCell({ borders, children: [details] }),
        ],
      }),
    ],
  });
};

const documentRows = (docs: readonly TCvDocument[], types: readonly number[]): string[][] => {
  const byId = new Map(docs.map((d) => [d.id, d]));
  return docs
    .filter((d) => types.includes(d.nTpd) && d.endorsementOf === null)
    .flatMap((d) => {
      const row = [
        d.kind,
        d.number,
        formatDay(d.validFrom),
        d.validUntil ? formatDay(d.validUntil) : "Unlimited",
        [d.issuedBy, d.country].filter(Boolean).join(", "),
      ];
      const e = d.endorsementId === null ? undefined : byId.get(d.endorsementId);
      const endorsement = e
        ? [
            [
              `  Endorsement of ${d.kind}`,
              e.number,
              formatDay(e.validFrom),
              e.validUntil ? formatDay(e.validUntil) : "Unlimited",
              [e.issuedBy, e.country].filter(Boolean).join(", "),
            ],
          ]
        : [];
      return [row, ...endorsement];
    });
};

/**
 * A seafarer's CV as crewing agencies send it to owners (docs/records.md "CV"): photo and
 * personal details, travel documents, certificates with their endorsements, English, and the sea
 * service table (vessel, type, DWT, flag, engine, rank, dates, length, company); A4 portrait with
 * the printing date and page numbers in the footer.
 */
export const cvDocx = async (cv: TCv): Promise<Buffer> => {
  const a = cv.applicant;
  const body: (Paragraph | Table)[] = [
    new Paragraph({
      alignment: AlignmentType.CENTER,
      children: [run("CURRICULUM VITAE", { bold: true, size: 34, color: NAVY })],
    }),
    new Paragraph({
      alignment: AlignmentType.CENTER,
      spacing: { after: 200 },
      children: [
        run(
          `${a.surname.toUpperCase()} ${a.name}${a.rank ? ` · ${a.rank}` : ""} · No. ${a.crewingApplicantId}`,
          { size: 20, color: "444444" },
        ),
      ],
    }),
    personal(cv),
  ];
  if (cv.documents) {
    const heads = ["Document", "Number", "Issued", "Valid until", "Issued by"];
    const shares = [26, 16, 11, 11, 26];
    const travel = documentRows(cv.documents, [DOCUMENT_TYPES.document]);
    const certificates = documentRows(cv.documents, [DOCUMENT_TYPES.certificate, DOCUMENT_TYPES.endorsement]);
    body.push(heading("Documents"), travel.length ? grid(heads, shares, travel, [2, 3]) : none("documents"));
    body.push(
      heading("Certificates"),
      certificates.length ? grid(heads, shares, certificates, [2, 3]) : none("certificates"),
    );
  }
  if (cv.englishTests?.length) {
    body.push(
      heading("English"),
      grid(
        ["Test", "Date", "Score", "Level"],
        [30, 15, 10, 10],
        cv.englishTests.map((t) => [
          t.test,
          formatDay(t.date),
          t.score === null ? "" : `${t.score}%`,
          t.level ?? "",
        ]),
        [1, 2, 3],
      ),
    );
  }
  if (cv.seaService) {
    const rows = cv.seaService.map((s) => [
      s.vesselName,
      s.vesselType ?? "",
      s.deadweight === null ? "" : s.deadweight.toLocaleString("en-GB"),
      s.flag ?? "",
      s.engine ?? "",
      s.rank,
      formatDay(s.dateOn),
      s.dateOff ? formatDay(s.dateOff) : "on board",
      serviceLength(s.dateOn, s.dateOff, cv.today) ?? "",
      [s.company, s.agent ? `via ${s.agent}` : null].filter(Boolean).join(" "),
    ]);
    body.push(
      heading("Sea service"),
      rows.length
        ? // Ten columns on a portrait page: a smaller type, and the dates never broken.
          grid(
            ["Vessel", "Type", "DWT", "Flag", "Engine", "Rank", "From", "To", "Period", "Company"],
            [13, 11, 9, 10, 12, 10, 12, 12, 10, 14],
            rows,
            [2, 6, 7, 8],
            14,
          )
        : none("sea service"),
    );
  }
  const doc = new Document({
    creator: "Crewing back office",
    title: `CV ${a.surname} ${a.name}`,
    styles: { default: { document: { run: { font: "Calibri" } } } },
    sections: [
      {
        properties: {
          page: {
            size: { width: PAGE.width, height: PAGE.height },
            margin: { top: PAGE.margin, bottom: PAGE.margin, left: PAGE.margin, right: PAGE.margin },
          },
        },
        footers: {
          default: new Footer({
            children: [
              new Paragraph({
                alignment: AlignmentType.RIGHT,
                children: [
                  new TextRun({
                    children: [
                      `Printed ${formatDay(cv.today)} by ${cv.printedBy} · page `,
                      PageNumber.CURRENT,
                      " of ",
                      PageNumber.TOTAL_PAGES,
                    ],
                    size: 14,
                    color: "777777",
                  }),
                ],
              }),
            ],
          }),
        },
        children: body,
      },
    ],
  });
  return Packer.toBuffer(doc);
};
