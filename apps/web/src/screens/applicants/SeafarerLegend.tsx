import { Badge, ColorSwatch, ThemeIcon } from "@mantine/core";
import { IconAlertTriangle, IconFlame, IconPhoneOff } from "@tabler/icons-react";
import { Legend, type TLegendEntry } from "../../lib/Legend";
import { RESULT_COLOURS } from "../applicant-records/record-display";

const dot = (state: string) => (
  <ColorSwatch
    component="span"
    size={12}
    color={`var(--mantine-color-${RESULT_COLOURS[state] ?? "gray"}-6)`}
    withShadow={false}
  />
);

/** The seafarer list's marks (issue 22 point 19): the status arrow, the documents dot, the warning icons. */
export const SEAFARER_LEGEND: readonly TLegendEntry[] = [
  {
    mark: (
      <Badge variant="light" radius="sm" tt="none" color="gray">
        ↑
      </Badge>
    ),
    text: "After the status: the seafarer has been promoted (see Promotions)",
  },
  { mark: dot("valid"), text: "Docs: every document valid" },
  { mark: dot("expiring"), text: "Docs: a document expires soon; point at the dot for which" },
  { mark: dot("expired"), text: "Docs: a document has expired; point at the dot for which" },
  {
    mark: (
      <ColorSwatch
        component="span"
        size={12}
        color="var(--mantine-color-red-6)"
        withShadow={false}
        style={{ outline: "1.5px solid var(--mantine-color-dark-3)", outlineOffset: 1 }}
      />
    ),
    text: "Docs, ringed: a planned seafarer against the owner's document matrix for the planned rank (red: missing or expired)",
  },
  {
    mark: (
      <ThemeIcon size="sm" variant="light" color="orange">
        <IconAlertTriangle size={14} />
      </ThemeIcon>
    ),
    text: "Documents need attention",
  },
  {
    mark: (
      <ThemeIcon size="sm" variant="light" color="red">
        <IconFlame size={14} />
      </ThemeIcon>
    ),
    text: "Hot: marked urgent by a recruiter",
  },
  {
    mark: (
      <ThemeIcon size="sm" variant="light" color="gray">
        <IconPhoneOff size={14} />
      </ThemeIcon>
    ),
    text: "Does not answer calls",
  },
];

export const SeafarerLegend = () => (
  <Legend title="Seafarer list marks" entries={SEAFARER_LEGEND} testId="seafarer-legend" size="sm" />
);
