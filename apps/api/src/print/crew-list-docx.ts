import { formatDay } from "@crew/contracts";
import {
  AlignmentType,
  Document,
  Footer,
  Header,
  Packer,
  PageNumber,
  PageOrientation,
  Paragraph,
  Table,
  TableCell,
  TableLayoutType,
  TableRow,
  TextRun,
  VerticalAlign,
  WidthType,
} from "docx";
import { FAL_COLUMNS, type TCrewList } from "./crew-list-xlsx.js";

/** A4 landscape in twentieths of a point; margins of 1.2 cm, the top one below the repeated heading. */
const PAGE = { width: 16_838, height: 11_906, margin: 680 };
const HEADING_SPACE = 3_100;
const WIDTH = PAGE.width - 2 * PAGE.margin;
/** Relative widths of the crew columns (boxes 6 to 17), as in the form. */
const SHARES = [3, 11, 11, 9, 8, 7, 9, 5, 9, 9, 9, 7];

const text = (
  value: string,
  opts: { bold?: boolean; size?: number; italics?: boolean; color?: string } = {},
): TextRun =>
  new TextRun({
    text: value,
    bold: opts.bold ?? false,
    size: opts.size ?? 18,
    italics: opts.italics ?? false,
    ...(opts.color ? { color: opts.color } : {}),
  });

/** A box of the form: its number and label small, the value under it (text, or runs such as page fields). */
const box = (label: string, value: string | TextRun[], span = 1): TableCell =>
  new TableCell({
    columnSpan: span,
    margins: { top: 40, bottom: 40, left: 80, right: 80 },
    children: [
      new Paragraph({ children: [text(label, { size: 14, color: "555555" })] }),
      new Paragraph({
        children: typeof value === "string" ? [text(value, { bold: true, size: 20 })] : value,
      }),
    ],
  });

const cell = (value: string, opts: { bold?: boolean; center?: boolean; shade?: boolean } = {}): TableCell =>
  new TableCell({
    verticalAlign: VerticalAlign.CENTER,
    margins: { top: 30, bottom: 30, left: 60, right: 60 },
    ...(opts.shade ? { shading: { fill: "E8EEF5" } } : {}),
    children: [
      new Paragraph({
        alignment: opts.center ? AlignmentType.CENTER : AlignmentType.LEFT,
        children: [text(value, { bold: opts.bold ?? false, size: opts.bold ? 15 : 17 })],
      }),
    ],
  });

/**
 * The IMO FAL Form 5 crew list as a Word document (some ports' agents want it so): the header
 * boxes 1.1 to 5 in a grid, the crew in a table with boxes 6 to 17 as columns (heads repeated on
 * every page), box 18 for the master's signature; A4 landscape, page numbers in the footer.
 */
export const crewListDocx = async (list: TCrewList): Promise<Buffer> => {
  const mark = (d: TCrewList["direction"]) => (list.direction === d ? "☒" : "☐");
  const header = new Table({
    width: { size: WIDTH, type: WidthType.DXA },
    layout: TableLayoutType.FIXED,
    columnWidths: [WIDTH / 4, WIDTH / 4, WIDTH / 4, WIDTH / 4],
    rows: [
      new TableRow({
        children: [
          box("", `${mark("arrival")} Arrival     ${mark("departure")} Departure`, 2),
          box("Page", [
            new TextRun({
              children: [PageNumber.CURRENT, " of ", PageNumber.TOTAL_PAGES],
              bold: true,
              size: 20,
            }),
          ]),
          box("", ""),
        ],
      }),
      new TableRow({
        children: [
          box("1.1 Name of ship", list.ship.name),
          box("1.2 IMO number", list.ship.imo),
          box("1.3 Call sign", list.ship.callSign),
          box("1.4 Voyage number", list.voyageNumber),
        ],
      }),
      new TableRow({
        children: [
          box(`2 Port of ${list.direction}`, list.port),
          box(`3 Date of ${list.direction}`, formatDay(list.date)),
          box("4 Flag State of ship", list.ship.flagState),
          box("5 Last port of call", list.lastPortOfCall),
        ],
      }),
    ],
  });
  const total = SHARES.reduce((a, b) => a + b, 0);
  const widths = SHARES.map((s) => Math.floor((WIDTH * s) / total));
  const crew = new Table({
    width: { size: WIDTH, type: WidthType.DXA },
    layout: TableLayoutType.FIXED,
    columnWidths: widths,
    rows: [
      new TableRow({
        tableHeader: true,
        children: FAL_COLUMNS.map((c) =>
          cell(`${c.no}. ${c.title}`, { bold: true, center: true, shade: true }),
        ),
      }),
      ...list.crew.map(
        (line, index) =>
          new TableRow({
            cantSplit: true,
            children: [
              cell(String(index + 1), { center: true }),
              cell(line.familyName.toUpperCase()),
              cell(line.givenNames),
              cell(line.rank),
              cell(line.nationality),
              cell(line.dateOfBirth ? formatDay(line.dateOfBirth) : ""),
              cell(line.placeOfBirth),
              cell(line.gender, { center: true }),
              cell(line.identityDocument?.kind ?? ""),
              cell(line.identityDocument?.number ?? ""),
              cell(line.identityDocument?.issuingState ?? ""),
              cell(line.identityDocument?.expiry ? formatDay(line.identityDocument.expiry) : ""),
            ],
          }),
      ),
    ],
  });
  const doc = new Document({
    creator: "Crewing back office",
    title: `Crew list ${list.ship.name}`,
    sections: [
      {
        properties: {
          page: {
            size: { width: PAGE.height, height: PAGE.width, orientation: PageOrientation.LANDSCAPE },
            margin: {
              top: HEADING_SPACE,
              bottom: PAGE.margin,
              left: PAGE.margin,
              right: PAGE.margin,
              header: 400,
            },
          },
        },
        // The form's heading repeats on every page (its page box counts them); the crew's column heads too.
        headers: {
          default: new Header({
            children: [
              new Paragraph({
                alignment: AlignmentType.CENTER,
                children: [text("CREW LIST", { bold: true, size: 32 })],
              }),
              new Paragraph({
                alignment: AlignmentType.CENTER,
                spacing: { after: 120 },
                children: [text("IMO FAL Form 5", { italics: true, size: 16 })],
              }),
              header,
              new Paragraph({ spacing: { after: 60 }, children: [] }),
            ],
          }),
        },
        footers: {
          default: new Footer({
            children: [
              new Paragraph({
                alignment: AlignmentType.RIGHT,
                children: [
                  new TextRun({
                    children: ["Page ", PageNumber.CURRENT, " of ", PageNumber.TOTAL_PAGES],
                    size: 16,
                  }),
                ],
              }),
            ],
          }),
        },
        children: [
          crew,
          new Paragraph({
            spacing: { before: 360 },
            children: [text("18. Date and signature by master, authorized agent or officer:", { size: 18 })],
          }),
          new Paragraph({
            spacing: { before: 240 },
            children: [
              text("Date: ____________________          Signature: ________________________________", {
                size: 18,
              }),
            ],
          }),
        ],
      },
    ],
  });
  return Packer.toBuffer(doc);
};
