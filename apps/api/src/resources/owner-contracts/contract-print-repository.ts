import type { TTx } from "../../db/client.js";
import { wageComponentsFor } from "../wages/wage-components.js";
import { storedFilesRepository, type TStoredFileRow } from "../../storage/stored-files-repository.js";

/** The owner's templates as stored files (attributes of owners). */
export const TEMPLATE_ATTRIBUTES = ["contract_template", "document_templates"] as const;

/** Kinds of identity document a contract names, in the order they are preferred. */
const IDENTITY = [/passport/i, /seaman|seafarer/i];

/** What a contract reads (issue 17 §4): the plan, its seafarer, vessel, owner, ports; the owner's templates. */
export const contractPrintRepository = (db: TTx) => ({
  /** The owner's wage components for the rank and the seafarer's nationality (docs/owners-terms.md). */
  wage(ownerId: number, rankId: number, nationalityId: number | null) {
    return wageComponentsFor(db, { ownerId, rankId, nationalityId });
  },
  /** A plan with everything its contract states. */
  plan(id: number) {
    return db.timePlan.findUnique({
      where: { id },
      select: {
        id: true,
        start: true,
        end: true,
        offer: true,
        userId: true,
        port: { select: { name: true, country: { select: { name: true } } } },
        crewChangeSignOn: {
          select: {
            date: true,
            dateSignOn: true,
            port: { select: { name: true, country: { select: { name: true } } } },
          },
        },
        manningScale: {
          select: {
            name: true,
            templateOffer: true,
            rank: { select: { id: true, title: true, department: true } },
            vessel: {
              select: {
                name: true,
                imo: true,
                callSign: true,
                yearBuilt: true,
                deadweight: true,
                grossTonnage: true,
                flag: { select: { name: true } },
                vesselType: { select: { title: true } },
                ownerVessel: {
                  select: {
                    owner: {
                      select: {
                        id: true,
                        title: true,
                        shortTitle: true,
                        address: true,
                        annualLeave: true,
                        terminationTerms: true,
                        healthBenefits: true,
                        repatriation: true,
                        collectiveAgreement: true,
                      },
                    },
                  },
                },
              },
            },
          },
        },
        user: {
          select: {
            crewingApplicantId: true,
            surname: true,
            name: true,
            middle: true,
            birthday: true,
            address: true,
            email: true,
            mobilePhone: true,
            countryBirthId: true,
            countryBirth: { select: { name: true } },
          },
        },
      },
    });
  },

  /** A seafarer's passports and seaman's books, the one that expires last first. */
  async identityDocuments(userId: number) {
    const rows = await db.applicantDocument.findMany({
      where: { userId, nTpd: { not: 3 } },
      select: {
        number: true,
        validUntil: true,
        kind: { select: { title: true } },
        issuingCountry: { select: { name: true } },
      },
      orderBy: [{ validUntil: { sort: "desc", nulls: "first" } }, { id: "asc" }],
    });
    return rows
      .map((r) => ({ ...r, rank: IDENTITY.findIndex((re) => re.test(r.kind.title)) }))
      .filter((r) => r.rank >= 0)
      .sort((a, b) => a.rank - b.rank);
  },

  /** The owners of plans (through their rows' vessels). */
  async ownersOfPlans(planIds: readonly number[]): Promise<Map<number, number>> {
    if (!planIds.length) return new Map();
    const rows = await db.timePlan.findMany({
      where: { id: { in: [...planIds] } },
      select: {
        id: true,
        manningScale: { select: { vessel: { select: { ownerVessel: { select: { ownerId: true } } } } } },
      },
    });
    return new Map(
      rows.flatMap((r) => {
        const owner = r.manningScale.vessel?.ownerVessel?.ownerId;
        return owner === undefined ? [] : [[r.id, owner] as const];
      }),
    );
  },

  /** Owners' stored templates by owner: contract_template and document_templates. */
  templatesOf(ownerIds: readonly number[]): Promise<Map<number, Map<string, TStoredFileRow[]>>> {
    return storedFilesRepository(db).forRecords("owners", ownerIds, TEMPLATE_ATTRIBUTES);
  },
});
export type TContractPrintRepository = ReturnType<typeof contractPrintRepository>;
