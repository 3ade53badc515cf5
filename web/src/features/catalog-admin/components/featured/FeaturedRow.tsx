import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import styled from 'styled-components';
import { Button } from '../../../../shared/ui/Button';
import { Badge, Row } from '../../../../shared/ui/layout';
import type { FeaturedItem } from '../../logic/featured-order';

const Item = styled.li<{ $dragging: boolean }>`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space(3)};
  padding: ${({ theme }) => theme.space(2)} ${({ theme }) => theme.space(3)};
  margin-bottom: ${({ theme }) => theme.space(2)};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme, $dragging }) => ($dragging ? theme.colors.infoSurface : theme.colors.surface)};
  .name {
    flex: 1;
    min-width: 8rem;
    font-weight: 600;
  }
  .position {
    min-width: 2ch;
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;

const Handle = styled.button`
  min-width: 44px;
  min-height: 44px;
  border: 1px dashed ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.md};
  background: transparent;
  color: ${({ theme }) => theme.colors.text};
  cursor: grab;
  font-size: 1.25rem;
`;

export interface FeaturedRowProps {
  readonly item: FeaturedItem;
  readonly position: number;
  readonly total: number;
  readonly onMove: (from: number, to: number) => void;
  readonly onRemove: () => void;
}

/** One featured project: a drag handle (pointer, or keyboard: space, arrows, space), its place, and Subir / Bajar / Quitar. */
export function FeaturedRow({ item, position, total, onMove, onRemove }: FeaturedRowProps) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id: item.id });
  const index = position - 1;
  return (
    <Item ref={setNodeRef} $dragging={isDragging} style={{ transform: CSS.Transform.toString(transform), transition }} data-featured-id={item.id}>
      <Handle ref={setActivatorNodeRef} type="button" {...attributes} {...listeners} aria-label={`Arrastrar ${item.name}`}>
        ⠿
      </Handle>
      <span className="position" aria-hidden="true">
        {position}.
      </span>
      <span className="name">{item.name}</span>
      {!item.enabled && <Badge $tone="warning">Deshabilitado: no se muestra</Badge>}
      <Row $gap={1} $wrap={false}>
        <Button variant="ghost" data-move="up" disabled={index === 0} onClick={() => onMove(index, index - 1)} aria-label={`Subir ${item.name}`}>
          Subir
        </Button>
        <Button variant="ghost" data-move="down" disabled={index === total - 1} onClick={() => onMove(index, index + 1)} aria-label={`Bajar ${item.name}`}>
          Bajar
        </Button>
        <Button variant="ghost" onClick={onRemove} aria-label={`Quitar ${item.name} de destacados`}>
          Quitar
        </Button>
      </Row>
    </Item>
  );
}
