// The audit trigger (docs/versions.md) of each table a migration creates, for
// `pnpm db:migration` to append and for the audit-coverage test to print when one is missing.
// A table with exactly one ON DELETE CASCADE foreign key to another table belongs to that
// table's record (its History shows it): `audit_version('<table>', '<fk column>', '<parent>')`.
// The item type is the table's name; where the JSON:API type differs, edit the first argument.

/** `CREATE TRIGGER` for one table: owned through `owner` (fk column and parent table) or standalone. */
export const auditTriggerSql = (table, owner) =>
  `CREATE TRIGGER audit_version AFTER INSERT OR UPDATE OR DELETE ON "${table}"\n` +
  `  FOR EACH ROW EXECUTE FUNCTION audit_version('${table}', '${owner?.column ?? ""}', '${owner?.table ?? ""}');`;

/** The tables `sql` creates, each with its owner when one cascading foreign key names it, and its other foreign keys. */
export const createdTables = (sql) => {
  const tables = [...sql.matchAll(/^CREATE TABLE "([^"]+)"/gm)].map((m) => m[1]);
  const keys = [
    ...sql.matchAll(
      /^ALTER TABLE "([^"]+)" ADD CONSTRAINT "[^"]+" FOREIGN KEY \("([^"]+)"\) REFERENCES "([^"]+)"\("id"\) ON DELETE (\w+)/gm,
    ),
  ]
    .map(([, table, column, parent, onDelete]) => ({
      table,
      column,
      parent,
      cascade: onDelete === "CASCADE",
    }))
    .filter((fk) => fk.table !== fk.parent);
  return tables.map((table) => {
    const own = keys.filter((fk) => fk.table === table);
    const cascades = own.filter((fk) => fk.cascade);
    const owner =
      cascades.length === 1 ? { column: cascades[0].column, table: cascades[0].parent } : undefined;
    return {
      table,
      owner,
      candidates: owner ? [] : own.map((fk) => ({ column: fk.column, table: fk.parent })),
    };
  });
};

/** The audit triggers of the tables `sql` creates, as SQL to append to its migration ("" when it creates none). */
export const auditTriggersFor = (sql) => {
  const tables = createdTables(sql);
  if (!tables.length) return "";
  const lines = tables.map(({ table, owner, candidates }) => {
    const hint = candidates.length
      ? `-- Does a "${table}" row belong to a record (its History shows it)? Then name its key: ${candidates.map((c) => `'${c.column}', '${c.table}'`).join(" or ")}.\n`
      : "";
    return hint + auditTriggerSql(table, owner);
  });
  return (
    "\n-- Audit trail of the new tables (docs/versions.md); owner: the one cascading foreign key, if any. Review.\n" +
    lines.join("\n") +
    "\n"
  );
};
