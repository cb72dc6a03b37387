import type { TResourceObject } from "@crew/contracts";

/** A JSON:API resource object as the screens read it. */
export type TResourceRecord = TResourceObject;

/** Related records of `include`, by "type:id". */
export type TIncluded = ReadonlyMap<string, TResourceRecord>;

export interface TListPage {
  data: TResourceRecord[];
  included: TIncluded;
  total: number;
  /** `total` is an estimate (docs/applicants.md "List and search"). */
  estimated?: boolean;
  lastPage: number;
}

export interface TOneRecord {
  record: TResourceRecord;
  included: TIncluded;
}

export interface TSelectOption {
  value: string;
  label: string;
}
