import type { TDb } from "../../db/client.js";
import { hashPassword } from "../../auth/passwords.js";
import { AppError } from "../../errors/app-error.js";
import type { TActor } from "../../http/context.js";
import { camel } from "../../kernel/naming.js";
import type { TResourceHooks } from "../../kernel/resource-service.js";

/** Only a superuser may make a superuser: an admin cannot raise anyone above itself. */
const checkRole = (actor: TActor, role: unknown): void => {
  if (role === "superuser" && actor.role !== "superuser") throw AppError.forbidden("Only a superuser may give the superuser role.");
};

export const clientsHooks = (db: TDb): TResourceHooks => ({
  async toData(input, ctx) {
    checkRole(ctx.actor, input.attributes.role);
    const data: Record<string, unknown> = {};
    for (const [name, value] of Object.entries(input.attributes)) {
      if (name === "password") data.passwordHash = await hashPassword(String(value));
      else data[camel(name)] = value;
    }
    if (ctx.mode === "update" && ctx.id !== undefined && input.attributes.role !== undefined) {
      const target = await db.client.findUnique({ where: { id: ctx.id }, select: { role: true } });
      if (target?.role === "superuser" && ctx.actor.role !== "superuser") throw AppError.forbidden("Only a superuser may change a superuser.");
    }
    return data;
  },
  async beforeDelete(row, actor) {
    if (row.id === actor.id) throw AppError.conflict("You cannot delete your own account.");
    if (row.role === "superuser" && actor.role !== "superuser") throw AppError.forbidden("Only a superuser may delete a superuser.");
  },
});
