/** A ship's particulars as the vessel registry (Equasis) states them. */
export interface TRegistryShip {
  imo: string;
  name: string;
  callSign: string | null;
  mmsi: string | null;
  /** The flag state's name ("Marshall Islands"). */
  flag: string | null;
  /** The registry's type name ("Bulk Carrier", "Chemical/Products Tanker"). */
  type: string | null;
  yearBuilt: number | null;
  /** Deadweight, tonnes. */
  deadweight: number | null;
  grossTonnage: number | null;
  /** "In Service/Commission", "Laid-up", ... */
  status: string | null;
  registeredOwner: string | null;
  shipManager: string | null;
}

/** A row of the registry's search result. */
export interface TRegistryHit {
  imo: string;
  name: string;
}
