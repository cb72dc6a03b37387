import type { TResourceDef } from "@crew/contracts";
import { Badge, Group, SimpleGrid, Stack, Text } from "@mantine/core";
import type { ReactNode } from "react";
import { FieldDisplay } from "../fields/field-kinds";
import { isBlankValue } from "../format";
import type { TIncluded, TResourceRecord } from "../data/resource-types";
import { relatedTitle, relatedTitles } from "../list/columns";

/**
 * Label/value pairs of every readable attribute (each shown by its field kind's Display)
 * and of the relationships a record carries.
 */
export const detailsEntries = (
  def: TResourceDef,
  record: TResourceRecord,
  included: TIncluded,
): [string, string, ReactNode][] => {
  const entries: [string, string, ReactNode][] = [];
  for (const [name, attr] of Object.entries(def.attributes)) {
    if (attr.writeOnly || attr.kind === "password" || attr.details === false || name === def.titleAttribute)
      continue;
    const value = record.attributes[name];
    entries.push([
      name,
      attr.label,
      isBlankValue(value) ? "" : <FieldDisplay name={name} attr={attr} value={value} record={record} />,
    ]);
  }
  for (const [name, rel] of Object.entries(def.relationships ?? {})) {
    if (rel.cardinality === "one") {
      entries.push([name, rel.label, relatedTitle(record, name, included)]);
    } else if (!rel.readOnly) {
      const related = relatedTitles(record, name, included);
      entries.push([
        name,
        rel.label,
        related.length ? (
          <Group gap={4}>
            {related.map((r) => (
              <Badge key={r.value} variant="light" color="gray" size="sm" tt="none">
                {r.label}
              </Badge>
            ))}
          </Group>
        ) : (
          ""
        ),
      ]);
    }
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
