import { ZProfileChange, ZStatusChange, ZTagsChange, clients, type TSingleDocument } from "@crew/contracts";
import { parseAttributes } from "../../kernel/action-body.js";
import type { TDb } from "../../db/client.js";
import { hashPassword, verifyPassword } from "../../auth/passwords.js";
import { AppError } from "../../errors/app-error.js";
import type { TActor } from "../../http/context.js";
import { requireAccess } from "../../kernel/access.js";
import { toResource } from "../../kernel/serialize.js";
import { clientsRepository } from "./clients-repository.js";

export const TAG_ACTIONS = {
  update_hidden_tags: "hiddenTags",
  update_shown_tags: "shownTags",
  update_new_seafarer_tags: "newSeafarerTags",
} as const;
export type TTagAction = keyof typeof TAG_ACTIONS;

/** Crew-user actions beyond plain CRUD: status, tag lists, one's own profile. */
export const clientsService = (db: TDb) => {
  const repo = clientsRepository(db);
  const load = async (id: number) => {
    const row = await repo.findById(id);
    if (!row) throw AppError.notFound(`User ${id} not found`);
    return row;
  };
  const doc = (row: Awaited<ReturnType<typeof load>>): TSingleDocument => ({ data: toResource(clients, row) });

  return {
    /** Status change; a deactivated account's sessions end at once. */
    async changeStatus(actor: TActor, id: number, body: unknown): Promise<TSingleDocument> {
      requireAccess(actor, "crewUserStatus", "update");
      const change = parseAttributes(clients, ZStatusChange, body);
      const target = await load(id);
      if (target.role === "superuser" && actor.role !== "superuser") throw AppError.forbidden("Only a superuser may change a superuser.");
      const row = await repo.update(id, { status: change.status });
      if (change.status === "deactivated") await repo.endSessions(id);
      return doc(row);
    },

    async changeTags(actor: TActor, id: number, action: TTagAction, body: unknown): Promise<TSingleDocument> {
      requireAccess(actor, "crewUsers", "update");
      const change = parseAttributes(clients, ZTagsChange, body);
      await load(id);
      const unique = [...new Set(change.tags)];
      return doc(await repo.update(id, { [TAG_ACTIONS[action]]: unique }));
    },

    async showProfile(actor: TActor): Promise<TSingleDocument> {
      return doc(await load(actor.id));
    },

    /** Anyone signed in may edit their own name, avatar, Equasis email and password. */
    async updateProfile(actor: TActor, body: unknown): Promise<TSingleDocument> {
      const change = parseAttributes(clients, ZProfileChange, body);
      const me = await load(actor.id);
      const data: Parameters<typeof repo.update>[1] = {};
      if (change.name !== undefined) data.name = change.name;
      if (change.avatar !== undefined) data.avatar = change.avatar;
      if (change.equasis_email !== undefined) data.equasisEmail = change.equasis_email;
      if (change.password !== undefined) {
        if (me.passwordHash && !(await verifyPassword(me.passwordHash, change.current_password ?? ""))) {
          throw AppError.invalid([{ field: "current_password", message: "is not correct" }]);
        }
        data.passwordHash = await hashPassword(change.password);
      }
      return doc(await repo.update(actor.id, data));
    },
  };
};
