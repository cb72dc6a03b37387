import { actionPermission, type TActionDef, type TActionMethod, type TActionUpload } from "@crew/contracts";
import type { Request, RequestHandler, Response } from "express";
import { actorOf } from "../http/context.js";
import { readUpload, type TUpload } from "../storage/upload.js";
import { requireAccess } from "./access.js";
import { parseAttributes } from "./action-body.js";
import type { TActionHandler, TActionResult } from "./actions.js";
import type { TKernelDeps } from "./kernel-deps.js";
import { respond, sendFile } from "./respond.js";
import type { TResourceService } from "./service-types.js";
import { parseId } from "./write-body.js";

/** Absolute address of the list, for its pagination links. */
export const requestUrl = (req: Request): string =>
  `${req.protocol}://${req.get("host") ?? "localhost"}${req.baseUrl}${req.path}`;

/** A path parameter; the routes name each one, so it is always a single string. */
export const param = (req: Request, name: string): string => {
  const value: unknown = req.params[name];
  return typeof value === "string" ? value : "";
};

/** An upload action's rules: `true` takes the widest set in the field `file`. */
const uploadRules = (upload: TActionDef["upload"]): TActionUpload | undefined =>
  upload === true ? { accept: "applicantFile", fields: ["file"] } : upload || undefined;

const sendResult = (res: Response, result: TActionResult): void => {
  if (result === undefined) return respond(res, 204);
  if ("file" in result) return sendFile(res, result.file);
  respond(res, result.status ?? 200, result.document);
};

/**
 * One declared action on one method: permission from the definition, input validated by its
 * zod (the query of a GET, else the body), a member's record checked readable, then the
 * handler of the binding.
 */
export const actionRoute = (
  service: TResourceService,
  action: TActionDef,
  method: TActionMethod,
  handler: TActionHandler<unknown>,
  kernel: TKernelDeps,
): RequestHandler => {
  const { def } = service;
  const permission = actionPermission(def, action);
  return async (req, res) => {
    const actor = actorOf(req);
    if (permission) requireAccess(actor, permission.key, permission.action);
    const id = action.on === "member" ? parseId(param(req, "id")) : undefined;
    const rules = method === "GET" ? undefined : uploadRules(action.upload);
    let raw: unknown = method === "GET" ? req.query : req.body;
    let uploads: TUpload[] = [];
    // An action whose files are optional also takes a plain JSON body (no files).
    if (rules && !(rules.optional && !req.is("multipart/form-data"))) {
      // multipart: files checked by content (415 when not multipart, 413 too large, 422 refused type), text fields as the input.
      const upload = await readUpload(req, res, {
        maxBytes: kernel.config.UPLOAD_MAX_BYTES,
        accept: rules.accept,
        maxFiles: rules.maxFiles ?? 1,
        ...(rules.fields ? { fields: rules.fields } : {}),
      });
      uploads = upload.files;
      raw = upload.fields;
    }
    const input: unknown = action.input ? parseAttributes(def, action.input, raw) : undefined;
    if (id !== undefined) {
      // An action under the record's own key reads it as show does; one with a key of its own checks only the scope.
      const owner = action.record ? kernel.serviceOf(action.record) : service;
      if (permission?.key === owner.def.permission) await owner.requireReadable(actor, id);
      else await owner.findInScope(actor, id);
    }
    const result = await handler({
      actor,
      id,
      input,
      uploads,
      repo: service.repository(),
      transaction: (fn) => kernel.write(actor, (tx) => fn(service.repository(tx))),
      serialize: (row) => service.serialize(row, actor),
      def,
      url: requestUrl(req),
      kernel,
    });
    sendResult(res, result);
  };
};
