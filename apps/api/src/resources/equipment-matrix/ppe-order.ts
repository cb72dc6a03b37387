import { isoDay } from "@crew/contracts";
import { AppError } from "../../errors/app-error.js";
import type { TActionFile } from "../../kernel/actions.js";
import { ppeOrderXlsx, type TPpeOrderPerson } from "../../print/ppe-order-xlsx.js";
import type { TEquipmentMatrixRepository } from "./equipment-matrix-repository.js";

const XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";
const safe = (s: string): string =>
  s
    .replace(/[^\p{L}\p{N} ._-]+/gu, " ")
    .replace(/\s+/g, " ")
    .trim();

type TChange = NonNullable<Awaited<ReturnType<TEquipmentMatrixRepository["crewChange"]>>>;

/** The seafarer's size an item is ordered in; null when the record lacks it. */
const sizeFor = (
  kind: string,
  who: { coverallSize: string | null; shoeSize: string | null },
): string | null => {
  if (kind === "coverall") return who.coverallSize?.trim() || null;
  if (kind === "shoe") return who.shoeSize?.trim() || null;
  return "one size";
};

/**
 * GET /api/print/ppe_order (spec 002 §7; issue 17 §3): for each seafarer signing on at the crew
 * change, the items the matrix gives the plan's rank with the seafarer's sizes, quantities and
 * the matrix's unit prices, as .xlsx. The caller has checked the crew change and the matrix.
 */
export const printPpeOrder = async (
  repo: TEquipmentMatrixRepository,
  change: TChange,
  matrixId: number,
): Promise<TActionFile> => {
  const matrix = await repo.orderMatrix(matrixId);
  if (!matrix) throw AppError.notFound();
  const joiners = await repo.joiners(change.id);
  const rowsOf = new Map<number, Map<number, number>>();
  for (const c of matrix.items) {
    const row = rowsOf.get(c.roleId) ?? new Map<number, number>();
    row.set(c.equipmentOptionId, c.qty);
    rowsOf.set(c.roleId, row);
  }
  const ranks = new Set(matrix.roles.map((r) => r.roleId));
  const people: TPpeOrderPerson[] = joiners.flatMap((plan) => {
    const who = plan.user;
    if (!who) return [];
    const row = rowsOf.get(plan.manningScale.rankId);
    const lines = matrix.prices.flatMap((p) => {
      const qty = row?.get(p.equipmentOptionId);
      return qty
        ? [
            {
              item: p.equipmentOption.title,
              size: sizeFor(p.equipmentOption.sizeKind, who),
              qty,
              unitPrice: p.priceCents / 100,
            },
          ]
        : [];
    });
    return [
      {
        name: [who.surname, who.name].filter(Boolean).join(" "),
        applicantNumber: who.crewingApplicantId,
        rank: plan.manningScale.rank.title,
        build: [who.height ? `${who.height} cm` : "", who.weight ? `${who.weight} kg` : ""]
          .filter(Boolean)
          .join(", "),
        lines,
        rankInMatrix: ranks.has(plan.manningScale.rankId),
      },
    ];
  });
  const day = isoDay(change.dateSignOn ?? change.date);
  const body = await ppeOrderXlsx({
    vessel: `${change.vessel.name}${change.vessel.imo ? ` (IMO ${change.vessel.imo})` : ""}`,
    owner: matrix.owner.title,
    matrix: matrix.title,
    currency: matrix.owner.currency,
    crewChangeDate: day,
    port: change.port?.name ?? "",
    printedOn: isoDay(new Date()),
    people,
  });
  return { filename: `${safe(`PPE order ${change.vessel.name} ${day}`)}.xlsx`, contentType: XLSX, body };
};
