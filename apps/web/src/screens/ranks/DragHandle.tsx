import type { DraggableProvidedDragHandleProps } from "@hello-pangea/dnd";
import { Tooltip } from "@mantine/core";
import { IconGripVertical } from "@tabler/icons-react";
import classes from "./ranks.module.css";

export interface TDragHandleProps {
  handleProps: DraggableProvidedDragHandleProps | null;
  name: string;
  enabled: boolean;
  dragging: boolean;
}

/** The grip a rank is moved by (mouse, touch or keyboard: Space, arrows, Space). */
export const DragHandle = ({ handleProps, name, enabled, dragging }: TDragHandleProps) => (
  <Tooltip
    label={
      enabled
        ? "Drag to change the crewing priority"
        : "Sort by crewing priority, without filter or search, to reorder"
    }
    disabled={dragging}
  >
    <span
      {...handleProps}
      className={classes.handle}
      data-disabled={!enabled || undefined}
      aria-label={`Reorder ${name}`}
    >
      <IconGripVertical size={16} />
    </span>
  </Tooltip>
);
