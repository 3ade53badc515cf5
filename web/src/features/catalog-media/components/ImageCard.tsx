import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import styled from 'styled-components';
import { Button } from '../../../shared/ui/Button';
import { Badge } from '../../../shared/ui/layout';
import type { ImageCategory, ProjectImage } from '../api/catalog-media-api';
import { IMAGE_CATEGORY_LABELS, IMAGE_CATEGORY_ORDER } from '../model/image-groups';

const Item = styled.li`
  list-style: none;
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(2)};
  padding: ${({ theme }) => theme.space(3)};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.colors.surface};
  img {
    width: 100%;
    height: 140px;
    object-fit: cover;
    border-radius: ${({ theme }) => theme.radius.sm};
    background: ${({ theme }) => theme.colors.surfaceAlt};
  }
  select {
    min-height: 40px;
    font: inherit;
    color: ${({ theme }) => theme.colors.text};
    background: ${({ theme }) => theme.colors.surface};
    border: 1px solid ${({ theme }) => theme.colors.border};
    border-radius: ${({ theme }) => theme.radius.sm};
  }
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(1)};
  button {
    min-height: 36px;
    padding: ${({ theme }) => `${theme.space(1)} ${theme.space(2)}`};
    font-size: 0.875rem;
  }
`;

const Name = styled.p`
  margin: 0;
  font-weight: 600;
  overflow-wrap: anywhere;
`;

export interface ImageCardActions {
  readonly onMove: (image: ProjectImage, delta: number) => void;
  readonly onPrimary: (image: ProjectImage) => void;
  readonly onCategory: (image: ProjectImage, category: ImageCategory) => void;
  readonly onRename: (image: ProjectImage) => void;
  readonly onDelete: (image: ProjectImage) => void;
}

/**
 * One picture of a category: its thumbnail (loaded lazily, the server's small copy), name and primary mark,
 * a drag handle (pointer or keyboard: Espacio, flechas, Espacio) and the same moves as buttons.
 */
export function ImageCard({
  image,
  index,
  count,
  busy,
  actions,
}: {
  image: ProjectImage;
  index: number;
  count: number;
  busy: boolean;
  actions: ImageCardActions;
}) {
  const sortable = useSortable({ id: image.id, disabled: busy });
  const style = { transform: CSS.Transform.toString(sortable.transform), transition: sortable.transition, opacity: sortable.isDragging ? 0.6 : 1 };
  return (
    <Item ref={sortable.setNodeRef} style={style}>
      {image.thumbUrl ? <img src={image.thumbUrl} alt={image.name} loading="lazy" width={240} height={140} /> : <span>Sin vista previa</span>}
      <Name>
        {image.name} {image.primary && <Badge $tone="success">Imagen principal</Badge>}
      </Name>
      <label>
        Categoría{' '}
        <select
          aria-label={`Categoría de ${image.name}`}
          value={image.category}
          disabled={busy}
          onChange={(e) => actions.onCategory(image, e.target.value as ImageCategory)}
        >
          {IMAGE_CATEGORY_ORDER.map((c) => (
            <option key={c} value={c}>
              {IMAGE_CATEGORY_LABELS[c]}
            </option>
          ))}
        </select>
      </label>
      <Actions>
        <Button variant="secondary" {...sortable.attributes} {...sortable.listeners} aria-label={`Arrastrar ${image.name} para reordenar`} disabled={busy}>
          ⠿ Arrastrar
        </Button>
        <Button variant="secondary" aria-label={`Mover ${image.name} antes`} disabled={busy || index === 0} onClick={() => actions.onMove(image, -1)}>
          ← Antes
        </Button>
        <Button variant="secondary" aria-label={`Mover ${image.name} después`} disabled={busy || index === count - 1} onClick={() => actions.onMove(image, 1)}>
          Después →
        </Button>
        <Button
          variant="secondary"
          aria-label={`Marcar ${image.name} como principal`}
          disabled={busy || image.primary}
          onClick={() => actions.onPrimary(image)}
        >
          Principal
        </Button>
        <Button variant="secondary" aria-label={`Renombrar ${image.name}`} disabled={busy} onClick={() => actions.onRename(image)}>
          Renombrar
        </Button>
        <Button variant="danger" aria-label={`Eliminar ${image.name}`} disabled={busy} onClick={() => actions.onDelete(image)}>
          Eliminar
        </Button>
      </Actions>
    </Item>
  );
}
