import type { TFieldKind } from "@crew/contracts";
import { emptyValue } from "../form/form-model";
import { BooleanCell, BooleanInput, SelectInput, TagsKindInput, TagsView } from "./ChoiceKinds";
import { DateInput, DateTimeInput } from "./DateKinds";
import { draftOf } from "./file-draft";
import { formatValue } from "./field-text";
import type { TFieldKindView, TFieldViewProps } from "./field-kind-types";
import { FileCell, FileDisplay, FileKindInput } from "./FileKinds";
import { ImageCell, ImageDisplay, ImageInput } from "./ImageKinds";
import { MoneyInput, NumberKindInput } from "./NumberKinds";
import { RichTextDisplay, RichTextInput } from "./RichTextInput";
import {
  EmailDisplay,
  EmailInput,
  LongTextCell,
  LongTextDisplay,
  PasswordKindInput,
  PhoneDisplay,
  PhoneInput,
  TextareaInput,
  TextKindInput,
} from "./TextKinds";

/** Plain text of the value, by the kind's text rule (most cells and displays need no more). */
export const TextView = ({ attr, value }: TFieldViewProps) => <>{formatValue(attr, value)}</>;

const plain = (Input: TFieldKindView["Input"], extra: Partial<TFieldKindView> = {}): TFieldKindView => ({
  Input,
  Cell: TextView,
  Display: TextView,
  text: formatValue,
  empty: emptyValue,
  ...extra,
});

const files = (
  Input: TFieldKindView["Input"],
  Cell: TFieldKindView["Cell"],
  Display: TFieldKindView["Display"],
): TFieldKindView => ({
  Input,
  Cell,
  Display,
  text: formatValue,
  empty: () => draftOf(null),
});

/** The built-in view of every field kind of the contracts. */
export const DEFAULT_FIELD_KINDS: Record<TFieldKind, TFieldKindView> = {
  text: plain(TextKindInput),
  textarea: plain(TextareaInput, { Cell: LongTextCell, Display: LongTextDisplay }),
  email: plain(EmailInput, { Display: EmailDisplay }),
  password: plain(PasswordKindInput),
  number: plain(NumberKindInput, { align: "right" }),
  money: plain(MoneyInput, { align: "right", width: 140 }),
  phone: plain(PhoneInput, { Display: PhoneDisplay }),
  boolean: plain(BooleanInput, { Cell: BooleanCell, width: 90 }),
  select: plain(SelectInput),
  date: plain(DateInput, { width: 120 }),
  datetime: plain(DateTimeInput, { width: 160 }),
  tags: plain(TagsKindInput, { Cell: TagsView, Display: TagsView }),
  richtext: plain(RichTextInput, { Cell: LongTextCell, Display: RichTextDisplay }),
  image: { ...files(ImageInput, ImageCell, ImageDisplay), empty: (attr) => (attr.file ? draftOf(null) : "") },
  file: files(FileKindInput, FileCell, FileDisplay),
  files: files(FileKindInput, FileCell, FileDisplay),
};
