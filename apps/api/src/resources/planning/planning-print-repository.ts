import type { TTx } from "../../db/client.js";
import type { TWhereOf } from "../../kernel/model-types.js";
import { seafarerIdentities } from "./seafarer-identity-repository.js";

/** Plans that put a person on board: a plan of a seafarer confirmed or under way. */
const CREWED = ["approved", "on_board", "completed"];

const crewSelect = {
  id: true,
  userId: true,
  start: true,
  end: true,
  status: true,
  manningScale: { select: { name: true, crewingPriority: true, rank: { select: { title: true } } } },
} as const;

export type TCrewPlan = {
  id: number;
  userId: number | null;
  start: Date;
  end: Date;
  status: string;
  manningScale: { name: string; crewingPriority: number; rank: { title: string } };
};

/** What the crew-list and crew-role print-outs read (the kernel has checked the caller may see the vessel or crew change). */
export const planningPrintRepository = (db: TTx) => ({
  seafarers: (userIds: readonly number[]) => seafarerIdentities(db, userIds),

  /** The vessel's particulars for a print-out heading, if the reader may see it. */
  vessel(id: number, vesselWhere: TWhereOf<"Vessel"> | undefined) {
    return db.vessel.findFirst({
      where: { id, ...(vesselWhere ? { AND: [vesselWhere] } : {}) },
      select: { id: true, name: true, imo: true, callSign: true, flag: { select: { name: true } } },
    });
  },

  crewChange(id: number) {
    return db.crewChange.findUnique({
      where: { id },
      select: {
        id: true,
        date: true,
        dateSignOn: true,
        voyageNumber: true,
        vesselId: true,
        port: { select: { name: true, locode: true } },
        portArrived: { select: { name: true, locode: true } },
      },
    });
  },

  /** Seafarers on board the vessel on `day`: confirmed plans that began by then and end after it. */
  onBoard(vesselId: number, day: Date): Promise<TCrewPlan[]> {
    return db.timePlan.findMany({
      where: {
        manningScale: { vesselId },
        userId: { not: null },
        status: { in: CREWED },
        start: { lte: day },
        end: { gt: day },
      },
      select: crewSelect,
    });
  },

  /** The plans signing on (or off) at a crew change. */
  signing(crewChangeId: number, side: "on" | "off"): Promise<TCrewPlan[]> {
    return db.timePlan.findMany({
      where:
        side === "on"
          ? { crewChangeSignOnId: crewChangeId, userId: { not: null } }
          : { crewChangeSignOffId: crewChangeId, userId: { not: null } },
      select: crewSelect,
    });
  },
});

export type TPlanningPrintRepository = ReturnType<typeof planningPrintRepository>;
