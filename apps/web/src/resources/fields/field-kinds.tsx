import type { TFieldKind } from "@crew/contracts";
import { createContext, useContext, useMemo, type ReactNode } from "react";
import { DEFAULT_FIELD_KINDS } from "./default-field-kinds";
import type { TFieldInputProps, TFieldKindView, TFieldViewProps } from "./field-kind-types";

/**
 * The field-kind registry: how each kind of the contracts is edited (Input), listed (Cell)
 * and shown on details (Display). `registerFieldKind` changes a kind for the whole app (a
 * new editor everywhere); `<FieldKinds kinds={…}>` changes it for one screen's subtree.
 */
const registry = new Map<TFieldKind, TFieldKindView>(
  Object.entries(DEFAULT_FIELD_KINDS) as [TFieldKind, TFieldKindView][],
);

export type TFieldKindOverrides = Partial<Record<TFieldKind, Partial<TFieldKindView>>>;

/** Replaces parts of a kind everywhere; returns a function that puts the previous view back (tests, plugins). */
export const registerFieldKind = (kind: TFieldKind, view: Partial<TFieldKindView>): (() => void) => {
  const previous = fieldKindView(kind);
  registry.set(kind, { ...previous, ...view });
  return () => void registry.set(kind, previous);
};

/** The app-wide view of a kind (an unknown kind reads as text). */
export const fieldKindView = (kind: TFieldKind): TFieldKindView =>
  registry.get(kind) ?? DEFAULT_FIELD_KINDS.text;

const OverridesContext = createContext<TFieldKindOverrides>({});

/** Kinds changed for one screen: its lists, forms and details inside use these views. */
export const FieldKinds = ({ kinds, children }: { kinds: TFieldKindOverrides; children: ReactNode }) => {
  const outer = useContext(OverridesContext);
  const merged = useMemo(() => {
    const out: TFieldKindOverrides = { ...outer };
    for (const [kind, view] of Object.entries(kinds) as [TFieldKind, Partial<TFieldKindView>][])
      out[kind] = { ...outer[kind], ...view };
    return out;
  }, [outer, kinds]);
  return <OverridesContext.Provider value={merged}>{children}</OverridesContext.Provider>;
};

export const useFieldKind = (kind: TFieldKind): TFieldKindView => {
  const overrides = useContext(OverridesContext);
  const own = overrides[kind];
  const base = fieldKindView(kind);
  return own ? { ...base, ...own } : base;
};

/** The editor of one attribute, chosen by its kind. */
export const FieldInput = (props: TFieldInputProps) => {
  const { Input } = useFieldKind(props.attr.kind);
  return <Input {...props} />;
};

export const FieldCell = (props: TFieldViewProps) => {
  const { Cell } = useFieldKind(props.attr.kind);
  return <Cell {...props} />;
};

export const FieldDisplay = (props: TFieldViewProps) => {
  const { Display } = useFieldKind(props.attr.kind);
  return <Display {...props} />;
};
