import { closestCenter, DndContext, KeyboardSensor, PointerSensor, useSensor, useSensors, type Announcements, type DragEndEvent } from '@dnd-kit/core';
import { SortableContext, sortableKeyboardCoordinates, verticalListSortingStrategy } from '@dnd-kit/sortable';
import styled from 'styled-components';
import type { FeaturedItem } from '../../logic/featured-order';
import { FeaturedRow } from './FeaturedRow';

const List = styled.ol`
  list-style: none;
  margin: 0;
  padding: 0;
`;

export interface FeaturedListProps {
  readonly items: readonly FeaturedItem[];
  readonly onMove: (from: number, to: number) => void;
  readonly onRemove: (id: string) => void;
}

/** The featured projects in order: drag and drop (pointer or keyboard), or the Subir / Bajar buttons. */
export function FeaturedList({ items, onMove, onRemove }: FeaturedListProps) {
  const sensors = useSensors(useSensor(PointerSensor), useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }));
  const nameOf = (id: unknown) => items.find((i) => i.id === id)?.name ?? '';
  const placeOf = (id: unknown) => items.findIndex((i) => i.id === id) + 1;
  const announcements: Announcements = {
    onDragStart: ({ active }) => `Tomó ${nameOf(active.id)}. Use las flechas para moverlo y espacio para soltarlo.`,
    onDragOver: ({ active, over }) => (over ? `${nameOf(active.id)} sobre la posición ${placeOf(over.id)} de ${items.length}.` : undefined),
    onDragEnd: ({ active, over }) => (over ? `${nameOf(active.id)} quedó en la posición ${placeOf(over.id)} de ${items.length}.` : undefined),
    onDragCancel: ({ active }) => `Se canceló el movimiento de ${nameOf(active.id)}.`,
  };
  const end = ({ active, over }: DragEndEvent) => {
    if (over && active.id !== over.id) onMove(placeOf(active.id) - 1, placeOf(over.id) - 1);
  };
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={end}
      accessibility={{
        announcements,
        screenReaderInstructions: {
          draggable: 'Para mover un proyecto, pulse espacio, use las flechas arriba y abajo, y pulse espacio para soltarlo; Escape cancela.',
        },
      }}
    >
      <SortableContext items={items.map((i) => i.id)} strategy={verticalListSortingStrategy}>
        <List aria-label="Proyectos destacados en orden">
          {items.map((item, i) => (
            <FeaturedRow key={item.id} item={item} position={i + 1} total={items.length} onMove={onMove} onRemove={() => onRemove(item.id)} />
          ))}
        </List>
      </SortableContext>
    </DndContext>
  );
}
