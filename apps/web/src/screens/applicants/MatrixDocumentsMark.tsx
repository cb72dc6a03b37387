import type { TMatrixDocumentsMark } from "@crew/contracts";
import { ColorSwatch, Stack, Text, Tooltip } from "@mantine/core";
import { RESULT_COLOURS } from "../applicant-records/record-display";
import { matrixMarkText } from "./matrix-mark-text";

/** A missing certificate is as red as an expired one: neither lets the seafarer join. */
const COLOUR: Readonly<Record<TMatrixDocumentsMark["state"], string>> = {
  valid: RESULT_COLOURS.valid ?? "teal",
  expiring: RESULT_COLOURS.expiring ?? "orange",
  expired: RESULT_COLOURS.expired ?? "red",
  missing: RESULT_COLOURS.expired ?? "red",
};

/** The documents dot of a planned seafarer, by the owner's matrix for the planned rank. */
export const MatrixDocumentsMark = ({ mark }: { mark: TMatrixDocumentsMark }) => {
  const { label, lines } = matrixMarkText(mark);
  return (
    <Tooltip
      multiline
      w={320}
      label={
        <Stack gap={2}>
          {lines.map((line, i) => (
            <Text key={`${i}-${line}`} size="xs" fw={i === 0 ? 600 : undefined}>
              {line}
            </Text>
          ))}
        </Stack>
      }
    >
      <ColorSwatch
        component="span"
        size={12}
        color={`var(--mantine-color-${COLOUR[mark.state]}-6)`}
        withShadow={false}
        aria-label={label}
        data-validity={mark.state}
        data-matrix-mark
        style={{ outline: "1.5px solid var(--mantine-color-dark-3)", outlineOffset: 1 }}
      />
    </Tooltip>
  );
};
