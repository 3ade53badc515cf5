import { closestCenter, DndContext, KeyboardSensor, PointerSensor, useSensor, useSensors, type Announcements, type DragEndEvent } from '@dnd-kit/core';
import { rectSortingStrategy, SortableContext, sortableKeyboardCoordinates } from '@dnd-kit/sortable';
import styled from 'styled-components';
import { Muted } from '../../../shared/ui/layout';
import type { ProjectImage } from '../api/catalog-media-api';
import type { ImageGroup } from '../model/image-groups';
import { ImageCard, type ImageCardActions } from './ImageCard';

const List = styled.ul`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(240px, 1fr));
  gap: ${({ theme }) => theme.space(3)};
  margin: 0;
  padding: 0;
`;

const nameOf = (images: readonly ProjectImage[], id: string | number) => images.find((i) => i.id === id)?.name ?? 'la imagen';
const placeOf = (images: readonly ProjectImage[], id: string | number | undefined) => images.findIndex((i) => i.id === id) + 1;

/** Spanish words for dnd-kit's live region (drag by keyboard or pointer). */
const announcements = (images: readonly ProjectImage[]): Announcements => ({
  onDragStart: ({ active }) => `Tomó ${nameOf(images, active.id)}. Use las flechas para moverla y Espacio para soltarla.`,
  onDragOver: ({ active, over }) => (over ? `${nameOf(images, active.id)} sobre la posición ${placeOf(images, over.id)} de ${images.length}.` : undefined),
  onDragEnd: ({ active, over }) =>
    over ? `Soltó ${nameOf(images, active.id)} en la posición ${placeOf(images, over.id)} de ${images.length}.` : `Soltó ${nameOf(images, active.id)}.`,
  onDragCancel: ({ active }) => `Se canceló el movimiento de ${nameOf(images, active.id)}.`,
});

/** One category's pictures, in order, reordered by drag and drop (pointer or keyboard) or by the buttons. */
export function ImageCategorySection({
  group,
  busy,
  actions,
  onDrop,
}: {
  group: ImageGroup;
  busy: boolean;
  actions: ImageCardActions;
  onDrop: (image: ProjectImage, to: number) => void;
}) {
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 5 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const headingId = `images-${group.category}`;
  const dropped = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const image = group.images.find((i) => i.id === active.id);
    const to = group.images.findIndex((i) => i.id === over.id);
    if (image && to >= 0) onDrop(image, to);
  };
  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId}>
        {group.label} ({group.images.length})
      </h2>
      {group.images.length === 0 ? (
        <Muted>Sin imágenes en esta categoría.</Muted>
      ) : (
        <DndContext
          sensors={sensors}
          collisionDetection={closestCenter}
          onDragEnd={dropped}
          accessibility={{
            announcements: announcements(group.images),
            screenReaderInstructions: {
              draggable: 'Para reordenar, presione Espacio, muévala con las flechas y presione Espacio de nuevo para soltarla (Escape cancela).',
            },
          }}
        >
          <SortableContext items={group.images.map((i) => i.id)} strategy={rectSortingStrategy}>
            <List aria-label={`Imágenes de ${group.label}`}>
              {group.images.map((image, index) => (
                <ImageCard key={image.id} image={image} index={index} count={group.images.length} busy={busy} actions={actions} />
              ))}
            </List>
          </SortableContext>
        </DndContext>
      )}
    </section>
  );
}
