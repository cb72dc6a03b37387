import { createHash, randomBytes } from "node:crypto";
import { APP_FORM_LINK_DAYS, APP_FORM_LINK_NOTICES, APP_FORM_PATH, appFormLinks, can } from "@crew/contracts";
import { z } from "zod";
import { bindResource, type TResourceEntry } from "../../kernel/binding.js";
import { textAt } from "../planning/row-read.js";
import { appFormLinksRepository } from "./app-form-links-repository.js";

/** A link's token is stored as its SHA-256 only: a database reader cannot open anyone's form. */
export const hashAppFormToken = (token: string): string => createHash("sha256").update(token).digest("hex");

/** The public address of a link on the product's own address. */
export const appFormUrl = (base: string, token: string): string =>
  `${base.replace(/\/$/, "")}${APP_FORM_PATH}/${token}`;

const ZState = z.object({
  expiresAt: z.date().catch(new Date(0)),
  revokedAt: z.date().nullable().catch(null),
  submittedAt: z.date().nullable().catch(null),
});

/**
 * Application-form links (spec 001 §7 users/{id}/app_form_links; docs/outside-channels.md):
 * listed under the applicant, deleted by staff (the link then opens nothing), made by `issue`.
 */
export const appFormLinksBinding: TResourceEntry = bindResource(
  appFormLinks,
  "AppFormLink",
  appFormLinksRepository,
)({
  // Links are read with their applicant: staff who may not read applicants read none.
  scope: (actor) => (can(actor.permissions, "users", "read") ? {} : { id: { in: [] } }),
  include: { author: { select: { name: true } } },
  computed: {
    status: (row) => {
      const r = ZState.parse(row);
      if (r.submittedAt) return "submitted";
      if (r.revokedAt) return "revoked";
      return r.expiresAt.getTime() <= Date.now() ? "expired" : "open";
    },
    author_name: (row) => textAt(row, "author", "name"),
  },
  actions: {
    async issue(ctx) {
      const { actor, id, input, kernel } = ctx;
      // The form shows the applicant's data: the caller must read the applicant.
      await kernel.serviceOf("users").find(actor, id);
      // 256 random bits, base64url (43 characters); only the hash is kept.
      const token = randomBytes(32).toString("base64url");
      const expiresAt = new Date(Date.now() + (input.days ?? APP_FORM_LINK_DAYS) * 24 * 3600 * 1000);
      const row = await ctx.transaction((repo) =>
        repo.issue({ userId: id, authorId: actor.id, tokenHash: hashAppFormToken(token), expiresAt }),
      );
      const doc = await kernel.serviceOf("app_form_links").show(actor, row.id, {});
      const url = appFormUrl(kernel.config.PUBLIC_URL ?? new URL(ctx.url).origin, token);
      return {
        status: 201,
        document: { ...doc, meta: { ...doc.meta, url, message: APP_FORM_LINK_NOTICES.created } },
      };
    },
  },
});
