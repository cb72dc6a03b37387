import type { TGender } from "@crew/contracts";
import type { TNationality } from "../applicant-names.js";
import { seededRandom } from "./seeded-random.js";

/**
 * Women are about 2 % of seafarers, most of them in the galley and the hotel side, some deck
 * officers and cadets; this is each demo rank's share of women (other ranks: `OTHER_RANKS`).
 */
const FEMALE_SHARE: Record<string, number> = {
  Cook: 0.2,
  "Deck Cadet": 0.1,
  "Engine Cadet": 0.04,
  "3rd Officer": 0.06,
  "2nd Officer": 0.05,
  "Chief Officer": 0.03,
  Master: 0.02,
  ETO: 0.03,
  "3rd Engineer": 0.02,
  OS: 0.02,
};
const OTHER_RANKS = 0.005;
/** Applicants whose record does not say (older imports): box 13 of their crew list stays empty. */
const UNKNOWN_SHARE = 0.02;

/**
 * Women's given names as passports write them, for the nationalities whose surnames (in the
 * shared name lists) read the same for women; Polish, Latvian, Bulgarian and Indonesian ones
 * take another form for women, so the demo has no women of those.
 */
const FEMALE_NAMES: Readonly<Record<string, readonly string[]>> = {
  UA: [
    "Olena",
    "Nataliia",
    "Iryna",
    "Tetiana",
    "Oksana",
    "Yuliia",
    "Svitlana",
    "Kateryna",
    "Anastasiia",
    "Viktoriia",
  ],
  PH: [
    "Maria",
    "Rowena",
    "Jocelyn",
    "Marites",
    "Analyn",
    "Kristine",
    "Rhea",
    "Jennifer",
    "Mary Grace",
    "Liza",
  ],
  IN: ["Priya", "Anjali", "Sneha", "Divya", "Pooja", "Lakshmi", "Neha", "Kavya"],
  RO: ["Elena", "Ioana", "Andreea", "Mihaela", "Cristina", "Alina"],
  GE: ["Nino", "Tamar", "Mariam", "Ketevan", "Nana", "Salome"],
  HR: ["Ana", "Ivana", "Marija", "Petra", "Maja", "Katarina"],
};

/** A Ukrainian patronymic in its women's form: Oleksandrovych → Oleksandrivna, Mykolaiovych → Mykolaivna. */
const femalePatronymic = (middle: string): string => {
  const stem = middle.replace(/ovych$/, "");
  return stem === middle ? middle : stem.endsWith("i") ? `${stem}vna` : `${stem}ivna`;
};

export interface TApplicantPerson {
  gender: TGender | null;
  name: string;
  middle: string | null;
}

/**
 * The demo applicants' genders, from a generator of their own so that adding them left every
 * other demo value as it was: given a row's nationality, rank and the man's names drawn for it,
 * the gender and, for a woman, a woman's given name and patronymic.
 */
export const applicantGenders = (seed: number) => {
  const rnd = seededRandom(seed);
  return (
    nat: TNationality,
    rankTitle: string | undefined,
    name: string,
    middle: string | null,
  ): TApplicantPerson => {
    const unknown = rnd.chance(UNKNOWN_SHARE);
    const names = FEMALE_NAMES[nat.code];
    const female = rnd.chance((rankTitle && FEMALE_SHARE[rankTitle]) || OTHER_RANKS);
    const femaleName = names ? rnd.pick(names) : "";
    if (!female || !names) return { gender: unknown ? null : "male", name, middle };
    return {
      gender: unknown ? null : "female",
      name: femaleName,
      middle: middle === null ? null : femalePatronymic(middle),
    };
  };
};
