import { formatDay, type TCrewListProblem } from "@crew/contracts";
import { FAL_COLUMNS, type TCrewList, type TCrewListLine } from "./crew-list-xlsx.js";

type TProblem = TCrewListProblem["attributes"];

const titleOf = (no: string): string => FAL_COLUMNS.find((c) => c.no === no)?.title ?? "";

/** The boxes a port reads of each seafarer (7 to 17) and how each is read from a line of the list. */
const BOXES: readonly { no: string; value: (line: TCrewListLine) => string | Date | null }[] = [
  { no: "7", value: (l) => l.familyName },
  { no: "8", value: (l) => l.givenNames },
  { no: "9", value: (l) => l.rank },
  { no: "10", value: (l) => l.nationality },
  { no: "11", value: (l) => l.dateOfBirth },
  { no: "12", value: (l) => l.placeOfBirth },
  { no: "13", value: (l) => l.gender },
  { no: "14", value: (l) => l.identityDocument?.kind ?? "" },
  { no: "15", value: (l) => l.identityDocument?.number ?? "" },
  { no: "16", value: (l) => l.identityDocument?.issuingState ?? "" },
  { no: "17", value: (l) => l.identityDocument?.expiry ?? null },
];

/**
 * What an immigration officer would refuse in a FAL Form 5 crew list, per seafarer and box:
 * every box 7 to 17 left empty, and an identity document that has expired by the date of
 * arrival or departure (a document is valid through its expiry day). The lines are numbered
 * as on the form (box 6).
 */
export const crewListProblems = (list: TCrewList, userIds: readonly (number | null)[]): TProblem[] => {
  const problems: TProblem[] = [];
  list.crew.forEach((line, index) => {
    const who = {
      line: index + 1,
      user_id: userIds[index] ?? null,
      seafarer: [line.familyName.toUpperCase(), line.givenNames].filter(Boolean).join(" "),
      rank: line.rank,
    };
    for (const box of BOXES) {
      const value = box.value(line);
      if (value === null || value === "") {
        const why =
          Number(box.no) >= 14 && !line.identityDocument ? "no passport or seaman's book on record" : "empty";
        problems.push({
          ...who,
          box: box.no,
          box_title: titleOf(box.no),
          problem: "missing",
          message: `${titleOf(box.no)}: ${why}`,
        });
      }
    }
    const expiry = line.identityDocument?.expiry;
    if (expiry && expiry < list.date) {
      problems.push({
        ...who,
        box: "17",
        box_title: titleOf("17"),
        problem: "expired",
        message: `${line.identityDocument?.kind ?? "Identity document"} expired on ${formatDay(expiry)}, before the ${list.direction} on ${formatDay(list.date)}`,
      });
    }
  });
  return problems;
};
