import type { TAttributeDef } from "@crew/contracts";
import type { ComponentType } from "react";
import type { TResourceRecord } from "../data/resource-types";
import type { TFormMode, TFormValue } from "../form/form-model";

/** The editor of one attribute on a form. */
export interface TFieldInputProps {
  name: string;
  attr: TAttributeDef;
  mode: TFormMode;
  value: TFormValue;
  /** Required on this form (a password is required on create only). */
  required: boolean;
  error?: string;
  disabled?: boolean;
  onChange: (value: TFormValue) => void;
  autoFocus?: boolean;
}

/** A value shown read-only: in a list cell or on the details screen. Never blank (callers show "—"). */
export interface TFieldViewProps {
  name: string;
  attr: TAttributeDef;
  value: unknown;
  record?: TResourceRecord;
}

/**
 * Everything the generic screens need to know about one field kind: how it is edited, how it
 * sits in a list cell, how it reads on the details screen, and its plain text (card titles,
 * history lines, sorting menus).
 */
export interface TFieldKindView {
  Input: ComponentType<TFieldInputProps>;
  Cell: ComponentType<TFieldViewProps>;
  Display: ComponentType<TFieldViewProps>;
  text: (attr: TAttributeDef, value: unknown) => string;
  /** The form value of "nothing entered yet". */
  empty: (attr: TAttributeDef) => TFormValue;
  /** Cell and header alignment. */
  align?: "left" | "right";
  /** Preferred list column width. */
  width?: number;
}
