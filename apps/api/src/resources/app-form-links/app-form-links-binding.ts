import { createHash, randomBytes } from "node:crypto";
import {
  APP_FORM_LINK_DAYS,
  APP_FORM_LINK_NOTICES,
  APP_FORM_PATH,
  APP_FORM_TAKE_NOTICE,
  appFormLinks,
  can,
  ZAppFormTakeFiles,
} from "@crew/contracts";
import { z } from "zod";
import { AppError } from "../../errors/app-error.js";
import { bindResource, type TResourceEntry } from "../../kernel/binding.js";
import { deleteObjects } from "../../kernel/files-service.js";
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

const ZTakeLink = z.object({ id: z.number(), userId: z.number(), submittedAt: z.date().nullable() });

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
    async take_files(ctx) {
      const { actor, id, kernel } = ctx;
      const input = ZAppFormTakeFiles.parse(ctx.input);
      // The link as this actor may read it (its applicant readable), sent, and the applicant writable.
      const doc = await kernel.serviceOf("app_form_links").find(actor, id);
      const link = ZTakeLink.parse(doc);
      if (!link.submittedAt)
        throw AppError.conflict("The form was not sent yet: its files are a draft of the seafarer's.");
      await kernel.serviceOf("users").find(actor, link.userId);
      const ids = [...new Set(input.file_ids)];
      const photo = await ctx.transaction(async (repo) => repo.isPhoto(id, ids));
      if (photo && !can(actor.permissions, "users", "update"))
        throw AppError.forbidden("Taking the photo changes the seafarer's record: you may not edit it.");
      const taken = await ctx.transaction((repo) => repo.takeFiles(link, ids, actor.id));
      if (taken.missing.length)
        throw AppError.invalid([
          { field: "file_ids", message: `are not files of this link: ${taken.missing.join(", ")}` },
        ]);
      await deleteObjects(kernel.storage, taken.replacedKeys, kernel);
      const shown = await kernel.serviceOf("app_form_links").show(actor, id, {});
      return {
        document: {
          ...shown,
          meta: { ...shown.meta, message: APP_FORM_TAKE_NOTICE, attachment_ids: taken.attachmentIds },
        },
      };
    },

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
