import { Document, Packer, Paragraph } from "docx";
import ExcelJS from "exceljs";

/** Tiny real files of each kind, recognisable by their content. */
const PNG_1X1 =
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==";

export const samplePng = (): Buffer => Buffer.from(PNG_1X1, "base64");
export const sampleJpeg = (): Buffer =>
  Buffer.concat([
    Buffer.from([
      0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00,
      0x01, 0x00, 0x00,
    ]),
    Buffer.alloc(64),
    Buffer.from([0xff, 0xd9]),
  ]);
export const sampleWebp = (): Buffer => {
  const body = Buffer.concat([Buffer.from("WEBPVP8 "), Buffer.from([0x0a, 0, 0, 0]), Buffer.alloc(10)]);
  const size = Buffer.alloc(4);
  size.writeUInt32LE(body.length);
  return Buffer.concat([Buffer.from("RIFF"), size, body]);
};
export const samplePdf = (): Buffer =>
  Buffer.from(
    "%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj 2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n",
  );
export const sampleHeic = (): Buffer =>
  Buffer.concat([
    Buffer.from([0, 0, 0, 0x18]),
    Buffer.from("ftypheic"),
    Buffer.from([0, 0, 0, 0]),
    Buffer.from("mif1heic"),
    Buffer.alloc(32),
  ]);
export const sampleOle = (): Buffer =>
  Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), Buffer.alloc(504)]);
export const sampleExe = (): Buffer =>
  Buffer.concat([
    Buffer.from("MZ"),
    Buffer.alloc(58),
    Buffer.from([0x80, 0, 0, 0]),
    Buffer.alloc(64),
    Buffer.from("PE\0\0"),
    Buffer.alloc(64),
  ]);
export const sampleDocx = async (): Promise<Buffer> =>
  Packer.toBuffer(new Document({ sections: [{ children: [new Paragraph("Seaman's book scan")] }] }));
export const sampleXlsx = async (): Promise<Buffer> => {
  const book = new ExcelJS.Workbook();
  book.addWorksheet("Sheet").addRow(["Sea service", 1]);
  return Buffer.from(await book.xlsx.writeBuffer());
};
