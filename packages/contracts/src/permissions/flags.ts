import { z } from "zod";

export const ACTIONS = ["read", "create", "update", "delete"] as const;
export type TAction = (typeof ACTIONS)[number];

/** Flags of one permission key. `enable` gates sections that are switched on or off as a whole. */
export const ZFlags = z.object({
  read: z.boolean(),
  create: z.boolean(),
  update: z.boolean(),
  delete: z.boolean(),
  enable: z.boolean(),
});
export type TFlags = z.infer<typeof ZFlags>;
export const ZPermissionMap = z.record(z.string(), ZFlags);
export type TPermissionMap = Record<string, TFlags>;

export const NONE: TFlags = { read: false, create: false, update: false, delete: false, enable: false };
export const FULL: TFlags = { read: true, create: true, update: true, delete: true, enable: true };
export const READ: TFlags = { ...NONE, read: true, enable: true };
export const ENABLED: TFlags = { ...NONE, enable: true };
export const flags = (actions: readonly TAction[]): TFlags => {
  const f: TFlags = { ...NONE, enable: true };
  for (const a of actions) f[a] = true;
  return f;
};

/** Default is all false: a key missing from a map is denied. */
export const can = (map: TPermissionMap, key: string, action: TAction | "enable"): boolean =>
  map[key]?.[action] === true;
