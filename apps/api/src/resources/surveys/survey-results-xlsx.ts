import ExcelJS from "exceljs";
import type { TSurveyDefinition, TSurveyResults } from "@crew/contracts";
import { answerText, type TAnswered } from "./survey-results.js";

const HEADER_FILL = { type: "pattern", pattern: "solid", fgColor: { argb: "FFE9ECEF" } } as const;

const boldHeader = (row: ExcelJS.Row) => {
  row.font = { bold: true };
  row.alignment = { wrapText: true, vertical: "middle" };
  row.eachCell((cell) => {
    cell.fill = HEADER_FILL;
  });
};

/**
 * The results as a workbook: "Summary" (per question: answered, counts, average) for reading
 * and printing, and "Answers" (one row per seafarer, one column per question) for sorting and
 * filtering in Excel.
 */
export const surveyResultsWorkbook = async (
  definition: TSurveyDefinition,
  results: TSurveyResults,
  rows: readonly (TAnswered & { applicantNumber: string })[],
): Promise<Buffer> => {
  const book = new ExcelJS.Workbook();
  book.creator = "Crewing back office";
  const questions = definition.questions.filter((q) => q.kind !== "file");

  const summary = book.addWorksheet("Summary", {
    pageSetup: { orientation: "portrait", fitToPage: true, fitToWidth: 1, fitToHeight: 0 },
  });
  summary.columns = [{ width: 48 }, { width: 30 }, { width: 12 }, { width: 12 }];
  summary.addRow([results.title]).font = { bold: true, size: 14 };
  summary.addRow([`Sent to ${results.sent}, answered by ${results.answered}`]);
  summary.addRow([]);
  for (const [i, r] of results.questions.entries()) {
    const head = summary.addRow([`${i + 1}. ${r.title}`, `${r.answered} answered`]);
    boldHeader(head);
    if (r.counts) {
      summary.addRow(["", "Answer", "Count", "Share"]).font = { italic: true };
      for (const c of r.counts) {
        const row = summary.addRow(["", c.value, c.count, r.answered ? c.count / r.answered : 0]);
        row.getCell(4).numFmt = "0%";
      }
    }
    if (r.average !== undefined)
      summary.addRow(["", "Average", r.average ?? "", ""]).getCell(3).numFmt = "0.00";
    if (r.kind === "number") {
      summary.addRow(["", "Lowest", r.min ?? ""]);
      summary.addRow(["", "Highest", r.max ?? ""]);
    }
    if (r.latest) {
      for (const l of r.latest.slice(0, 5)) {
        const row = summary.addRow(["", `${l.name}: ${l.value}`]);
        summary.mergeCells(row.number, 2, row.number, 4);
        row.alignment = { wrapText: true, vertical: "top" };
      }
      if (r.answered > 5)
        summary.addRow(["", `… all ${r.answered} on the Answers sheet`]).font = { italic: true };
    }
    summary.addRow([]);
  }

  const answers = book.addWorksheet("Answers", {
    pageSetup: { orientation: "landscape", fitToPage: true, fitToWidth: 1, fitToHeight: 0 },
  });
  answers.columns = [
    { width: 28 },
    { width: 12 },
    { width: 18 },
    ...questions.map((q) => ({ width: q.kind === "text" ? 40 : 16 })),
  ];
  const header = answers.addRow(["Seafarer", "Applicant №", "Answered", ...questions.map((q) => q.title)]);
  boldHeader(header);
  // Spreadsheet programs do not grow a row for wrapped text on open: size it for the longest title.
  const lines = Math.max(
    1,
    ...questions.map((q) => Math.ceil(q.title.length / ((q.kind === "text" ? 40 : 16) - 2))),
  );
  header.height = 15 * Math.min(lines, 6);
  answers.views = [{ state: "frozen", ySplit: 1, xSplit: 1 }];
  for (const r of rows) {
    const row = answers.addRow([
      r.name,
      r.applicantNumber,
      r.submittedAt,
      ...questions.map((q) => {
        const a = r.answers[q.id];
        return typeof a === "number" ? a : answerText(q, a);
      }),
    ]);
    row.getCell(3).numFmt = "yyyy-mm-dd hh:mm";
    row.alignment = { wrapText: true, vertical: "top" };
  }
  answers.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: 3 + questions.length } };
  return Buffer.from(await book.xlsx.writeBuffer());
};
