import { createTheme, type MantineColorsTuple } from "@mantine/core";

/**
 * Product theme (spec 2.5): primary blue, secondary orange, breakpoints 600 / 960 / 1280 /
 * 1920 px. Mantine wants five breakpoints in em; xl (2560 px) only matters on wall screens.
 */
const blue: MantineColorsTuple = [
  "#e8f2ff",
  "#d0e2fc",
  "#a0c2f5",
  "#6da0ef",
  "#4383e9",
  "#2a71e6",
  "#1c67e5",
  "#0e57cc",
  "#024db7",
  "#0042a2",
];
const orange: MantineColorsTuple = [
  "#fff3e4",
  "#ffe5cd",
  "#fcc99c",
  "#f9ab67",
  "#f7913a",
  "#f6811d",
  "#f6790d",
  "#db6700",
  "#c35a00",
  "#aa4c00",
];

export const SECONDARY_COLOR = "orange";

/** Colours of task statuses, shared by the task manager and the planner. */
export const TASK_COLORS = {
  to_do: "gray",
  in_progress: "blue",
  review: "violet",
  done: "teal",
  overdue: "red",
} as const;

export const theme = createTheme({
  primaryColor: "blue",
  primaryShade: { light: 7, dark: 5 },
  colors: { blue, orange },
  breakpoints: { xs: "37.5em", sm: "60em", md: "80em", lg: "120em", xl: "160em" },
  defaultRadius: "md",
  cursorType: "pointer",
  fontFamily:
    "Inter, system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans', sans-serif",
  headings: { fontWeight: "650" },
  other: { secondaryColor: SECONDARY_COLOR, taskColors: TASK_COLORS },
  components: {
    Button: { defaultProps: { radius: "md" } },
    Paper: { defaultProps: { radius: "md" } },
    Drawer: { defaultProps: { overlayProps: { backgroundOpacity: 0.25, blur: 1 } } },
    Modal: { defaultProps: { overlayProps: { backgroundOpacity: 0.35, blur: 2 }, centered: true } },
    Tooltip: { defaultProps: { openDelay: 300, withArrow: true } },
    // Enter in a searchable picker picks the first match (issue 22 point 18); pickers searching
    // the server do it themselves (use-enter-picks-first.ts).
    Select: { defaultProps: { selectFirstOptionOnChange: true } },
    MultiSelect: { defaultProps: { selectFirstOptionOnChange: true } },
  },
});
