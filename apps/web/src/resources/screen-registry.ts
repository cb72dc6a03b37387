import { createContext, useContext, type ComponentType } from "react";
import type { TScreenConfig, TScreenMessages } from "./screen-config";
import type { TResourceFormProps } from "./form/ResourceForm";
import type { TRelatedListProps } from "./details/RelatedList";

export interface TScreenProps {
  config: TScreenConfig;
}

/**
 * What differs from the generic screens, by JSON:API type. A type not listed gets the generic
 * list, form, delete and details: a new reference list needs only its definition. The table
 * itself lives in the app layer (app/screen-overrides.ts), which knows the bespoke screens;
 * the generic engine only reads it, from the routes' argument and this context.
 */
export interface TScreenOverride {
  messages?: Partial<TScreenMessages>;
  List?: ComponentType<TScreenProps>;
  Details?: ComponentType<TScreenProps>;
  /**
   * The resource's own form inside the generic new/edit dialog (and related lists). It gets
   * what the generic ResourceForm gets; reuse FieldInput and the form model to stay small.
   */
  Form?: ComponentType<TResourceFormProps>;
  /** A page of its own instead of list, forms and details (permission administration). */
  Page?: ComponentType<TScreenProps>;
  /**
   * Its list on a parent's details tab instead of the generic RelatedList (an applicant's sea
   * service with verifications, documents with endorsements and their order).
   */
  Related?: ComponentType<TRelatedListProps>;
  /**
   * {base}/:id/delete archives rather than removes (applicants): this confirmation, open to those
   * who may update; {base}/:id/v_delete stays the removal, for those who may delete.
   */
  Archive?: ComponentType<TScreenProps>;
}

export type TScreenOverrides = Readonly<Record<string, TScreenOverride>>;

const ScreenOverridesContext = createContext<TScreenOverrides>({});

/** The app's table of overrides, for the generic screens below it (none in isolation, as in unit tests). */
export const ScreenOverridesProvider = ScreenOverridesContext.Provider;

/** The override of a type, empty for the generic screens. */
export const useScreenOverrides = (): TScreenOverrides => useContext(ScreenOverridesContext);
