import type { TTx } from "../../db/client.js";

/** What a crew list says about a seafarer (FAL Form 5 boxes 7 to 17). */
export interface TSeafarerIdentity {
  familyName: string;
  givenNames: string;
  nationality: string;
  dateOfBirth: Date | null;
  placeOfBirth: string;
  gender: string;
  identityDocument: { kind: string; number: string; issuingState: string; expiry: Date | null } | null;
}

/**
 * A source of identity facts, by applicant id; later sources fill what earlier ones left
 * empty. The applicant record gives names, birth date and place; the applicant's documents
 * (passports and seaman's books in `applicant_documents`) the identity document and its issuing
 * State as nationality.
 */
export type TIdentitySource = (
  db: TTx,
  userIds: readonly number[],
) => Promise<Map<number, Partial<TSeafarerIdentity>>>;

/** FAL Form 5 box 13 as the form's own example fills it: a letter. Unknown stays empty. */
const GENDER_LETTER: Record<string, string> = { male: "M", female: "F" };

/** Names, date and country of birth and gender from the applicant (users). */
const applicantSource: TIdentitySource = async (db, userIds) => {
  const users = await db.user.findMany({
    where: { id: { in: [...userIds] } },
    select: {
      id: true,
      surname: true,
      name: true,
      middle: true,
      birthday: true,
      gender: true,
      countryBirth: { select: { name: true } },
    },
  });
  return new Map(
    users.map((u) => [
      u.id,
      {
        familyName: u.surname,
        givenNames: [u.name, u.middle].filter(Boolean).join(" "),
        dateOfBirth: u.birthday,
        placeOfBirth: u.countryBirth?.name ?? "",
        gender: GENDER_LETTER[u.gender ?? ""] ?? "",
        // Without a passport on record, the country of birth stands for the nationality (most seafarers').
        nationality: u.countryBirth?.name ?? "",
      },
    ]),
  );
};

/** Kinds of identity document a crew list names, in the order they are preferred (box 14). */
const IDENTITY_KINDS = [/passport/i, /seaman|seafarer/i];

/**
 * The identity document (FAL boxes 14 to 17) from the applicant's documents: a passport, else a
 * seaman's book; of several, the one that expires last. Its issuing State is also the
 * seafarer's nationality (box 10), the one fact of nationality the records carry.
 */
const documentSource: TIdentitySource = async (db, userIds) => {
  const documents = await db.applicantDocument.findMany({
    where: { userId: { in: [...userIds] }, nTpd: { not: 3 } },
    select: {
      userId: true,
      number: true,
      validUntil: true,
      kind: { select: { title: true } },
      issuingCountry: { select: { name: true } },
    },
  });
  const rank = (title: string) => IDENTITY_KINDS.findIndex((re) => re.test(title));
  const best = new Map<number, (typeof documents)[number]>();
  for (const d of documents) {
    if (rank(d.kind.title) < 0) continue;
    const seen = best.get(d.userId);
    const better =
      !seen ||
      rank(d.kind.title) < rank(seen.kind.title) ||
      (rank(d.kind.title) === rank(seen.kind.title) &&
        seen.validUntil !== null &&
        (d.validUntil === null || d.validUntil > seen.validUntil));
    if (better) best.set(d.userId, d);
  }
  return new Map(
    [...best].map(([userId, d]) => [
      userId,
      {
        nationality: d.issuingCountry?.name ?? "",
        identityDocument: {
          kind: d.kind.title,
          number: d.number,
          issuingState: d.issuingCountry?.name ?? "",
          expiry: d.validUntil,
        },
      },
    ]),
  );
};

/** The identity document first: its issuing State is the nationality; the applicant's record fills the rest. */
export const IDENTITY_SOURCES: readonly TIdentitySource[] = [documentSource, applicantSource];

const EMPTY: TSeafarerIdentity = {
  familyName: "",
  givenNames: "",
  nationality: "",
  dateOfBirth: null,
  placeOfBirth: "",
  gender: "",
  identityDocument: null,
};

/** Every source's facts about these seafarers, merged (a later source fills only empty boxes). */
export const seafarerIdentities = async (
  db: TTx,
  userIds: readonly number[],
  sources: readonly TIdentitySource[] = IDENTITY_SOURCES,
): Promise<Map<number, TSeafarerIdentity>> => {
  const out = new Map<number, TSeafarerIdentity>(userIds.map((id) => [id, { ...EMPTY }]));
  if (!userIds.length) return out;
  for (const source of sources) {
    for (const [id, facts] of await source(db, userIds)) {
      const current = out.get(id);
      if (!current) continue;
      out.set(id, {
        familyName: current.familyName || facts.familyName || "",
        givenNames: current.givenNames || facts.givenNames || "",
        nationality: current.nationality || facts.nationality || "",
        dateOfBirth: current.dateOfBirth ?? facts.dateOfBirth ?? null,
        placeOfBirth: current.placeOfBirth || facts.placeOfBirth || "",
        gender: current.gender || facts.gender || "",
        identityDocument: current.identityDocument ?? facts.identityDocument ?? null,
      });
    }
  }
  return out;
};
