import type { TResourceDef } from "@crew/contracts";
import { Badge, Group, SimpleGrid, Stack, Text } from "@mantine/core";
import type { ReactNode } from "react";
import { formatValue } from "../format";
import type { TIncluded, TResourceRecord } from "../data/resource-types";
import { relatedTitle } from "../list/columns";

/** Label/value pairs of every readable attribute and to-one relationship of a record. */
export const detailsEntries = (def: TResourceDef, record: TResourceRecord, included: TIncluded): [string, string, ReactNode][] => {
  const entries: [string, string, ReactNode][] = [];
  for (const [name, attr] of Object.entries(def.attributes)) {
    if (attr.writeOnly || attr.kind === "password" || name === def.titleAttribute) continue;
    const value = record.attributes[name];
    if (attr.kind === "tags") {
      const tags = Array.isArray(value) ? value.filter((t): t is string => typeof t === "string") : [];
      entries.push([name, attr.label, tags.length ? <Group gap={4}>{tags.map((t) => <Badge key={t} variant="light" size="sm">{t}</Badge>)}</Group> : ""]);
      continue;
    }
    entries.push([name, attr.label, formatValue(attr, value)]);
  }
  for (const [name, rel] of Object.entries(def.relationships ?? {})) {
    if (rel.cardinality === "one") entries.push([name, rel.label, relatedTitle(record, name, included)]);
  }
  return entries;
};

export const DetailsFields = ({ entries }: { entries: [string, string, ReactNode][] }) => (
  <SimpleGrid cols={{ base: 1, xs: 2, sm: 3 }} spacing="lg" verticalSpacing="lg">
    {entries.map(([key, label, value]) => (
      <Stack key={key} gap={2} miw={0}>
        <Text size="xs" c="dimmed" tt="uppercase" fw={600} lts={0.3}>
          {label}
        </Text>
        {value === "" || value === null || value === undefined ? (
          <Text size="sm" c="dimmed">
            —
          </Text>
        ) : typeof value === "string" ? (
          <Text size="sm" style={{ overflowWrap: "anywhere" }}>
            {value}
          </Text>
        ) : (
          value
        )}
      </Stack>
    ))}
  </SimpleGrid>
);
