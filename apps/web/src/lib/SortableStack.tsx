import {
  DragDropContext,
  Draggable,
  Droppable,
  type DraggableProvidedDragHandleProps,
  type DropResult,
} from "@hello-pangea/dnd";
import type { ReactNode } from "react";

export interface TDragState {
  /** Spread on the grip the item is moved by (mouse, touch, or keyboard: Space, arrows, Space). */
  handleProps: DraggableProvidedDragHandleProps | null;
  dragging: boolean;
}

export interface TSortableStackProps<T> {
  droppableId: string;
  items: readonly T[];
  keyOf: (item: T) => string;
  onDragEnd: (result: DropResult) => void;
  isDragDisabled?: (item: T) => boolean;
  itemClassName?: (dragging: boolean) => string | undefined;
  itemTestId?: string;
  children: (item: T, drag: TDragState) => ReactNode;
}

/** A vertical list whose items are moved by a grip (ranks on phones, the files of a field). */
export const SortableStack = <T,>({
  droppableId,
  items,
  keyOf,
  onDragEnd,
  isDragDisabled,
  itemClassName,
  itemTestId,
  children,
}: TSortableStackProps<T>) => (
  <DragDropContext onDragEnd={onDragEnd}>
    <Droppable droppableId={droppableId}>
      {(drop) => (
        <div ref={drop.innerRef} {...drop.droppableProps}>
          {items.map((item, index) => (
            <Draggable
              key={keyOf(item)}
              draggableId={keyOf(item)}
              index={index}
              isDragDisabled={isDragDisabled?.(item)}
            >
              {(drag, snapshot) => (
                <div
                  ref={drag.innerRef}
                  {...drag.draggableProps}
                  className={itemClassName?.(snapshot.isDragging)}
                  data-testid={itemTestId}
                >
                  {children(item, { handleProps: drag.dragHandleProps, dragging: snapshot.isDragging })}
                </div>
              )}
            </Draggable>
          ))}
          {drop.placeholder}
        </div>
      )}
    </Droppable>
  </DragDropContext>
);
