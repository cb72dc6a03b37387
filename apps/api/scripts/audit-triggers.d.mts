/** See audit-triggers.mjs. */
export declare const auditTriggerSql: (table: string, owner?: { column: string; table: string }) => string;
export declare const createdTables: (sql: string) => {
  table: string;
  owner: { column: string; table: string } | undefined;
  candidates: { column: string; table: string }[];
}[];
export declare const auditTriggersFor: (sql: string) => string;
