/**
 * The applicant search text of spec 001 §5: words are joined with AND unless the text holds
 * OR or AND (upper case, as operators); AND binds tighter than OR; quoted phrases ("Ivan
 * Petrenko") match as phrases. The result is a disjunction of conjunctions of terms, which
 * the list query turns into text-search and trigram conditions (applicants-list-repository.ts).
 */
export interface TSearchTerm {
  /** The term as typed (the database normalises it: lower case, accents off). */
  text: string;
  phrase: boolean;
  /** Its digits when it reads as (part of) a phone number: matched inside phone digits. */
  digits: string | null;
}

/** OR of ANDs: `[[a, b], [c]]` is (a AND b) OR c. */
export type TSearchQuery = TSearchTerm[][];

/** Bounds the work one search can ask of the database. */
export const MAX_SEARCH_TERMS = 12;
/** Fewer digits match too much of every phone to be worth a substring scan. */
const MIN_PHONE_DIGITS = 3;

const PHONE_LIKE = /^\+?\(?[0-9][0-9 ().-]*$/;
const HAS_WORD = /[\p{L}\p{N}]/u;

type TToken = { kind: "term"; term: TSearchTerm } | { kind: "or" } | { kind: "and" };

const termOf = (text: string, phrase: boolean): TSearchTerm => {
  const digits = text.replace(/\D/g, "");
  return { text, phrase, digits: PHONE_LIKE.test(text) && digits.length >= MIN_PHONE_DIGITS ? digits : null };
};

const tokenize = (input: string): TToken[] => {
  const tokens: TToken[] = [];
  // A quoted phrase (straight or typographic quotes), or a run of non-space characters.
  const pattern = /["“”]([^"“”]*)["“”]?|(\S+)/g;
  for (const match of input.matchAll(pattern)) {
    const [, quoted, word] = match;
    if (quoted !== undefined) {
      const text = quoted.trim().replace(/\s+/g, " ");
      if (HAS_WORD.test(text)) tokens.push({ kind: "term", term: termOf(text, true) });
    } else if (word === "OR" || word === "|") {
      tokens.push({ kind: "or" });
    } else if (word === "AND" || word === "&") {
      tokens.push({ kind: "and" });
    } else if (word !== undefined && HAS_WORD.test(word)) {
      tokens.push({ kind: "term", term: termOf(word, false) });
    }
  }
  return mergePhones(tokens);
};

const isNumberWord = (t: TToken): t is { kind: "term"; term: TSearchTerm } =>
  t.kind === "term" && !t.term.phrase && PHONE_LIKE.test(t.term.text);

/**
 * A phone typed with spaces ("+380 50 123 45 67") is one term: adjacent unquoted groups of
 * digits join into one (two numbers are told apart by OR or quotes).
 */
const mergePhones = (tokens: TToken[]): TToken[] => {
  const out: TToken[] = [];
  for (const token of tokens) {
    const last = out.at(-1);
    if (last && isNumberWord(last) && isNumberWord(token)) {
      out[out.length - 1] = { kind: "term", term: termOf(`${last.term.text} ${token.term.text}`, false) };
    } else {
      out.push(token);
    }
  }
  return out;
};

/** Parses search text; empty when it holds no word at all. Operators at the ends or doubled are ignored. */
export const parseSearch = (input: string): TSearchQuery => {
  const groups: TSearchTerm[][] = [[]];
  let count = 0;
  for (const token of tokenize(input)) {
    if (token.kind === "or") {
      if (groups.at(-1)?.length) groups.push([]);
      continue;
    }
    if (token.kind === "and") continue;
    if (count >= MAX_SEARCH_TERMS) break;
    groups.at(-1)?.push(token.term);
    count += 1;
  }
  return groups.filter((g) => g.length > 0);
};
