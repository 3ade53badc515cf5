import { useId } from 'react';
import styled from 'styled-components';
import { PAGE_SIZES } from '../config/constants';
import { formatInteger } from '../format/format';
import { Button } from './Button';

const Bar = styled.nav`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space(3)};
  margin-top: ${({ theme }) => theme.space(4)};
  select {
    min-height: 40px;
    padding: 0 ${({ theme }) => theme.space(2)};
    border-radius: ${({ theme }) => theme.radius.md};
    border: 1px solid ${({ theme }) => theme.colors.border};
    background: ${({ theme }) => theme.colors.surface};
    color: ${({ theme }) => theme.colors.text};
    font: inherit;
  }
`;

const Group = styled.div`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space(2)};
`;

export const pageCount = (total: number, perPage: number): number => Math.max(1, Math.ceil(total / Math.max(1, perPage)));

export interface PaginationProps {
  readonly page: number;
  readonly perPage: number;
  readonly total: number;
  readonly onPageChange: (page: number) => void;
  readonly onPerPageChange: (perPage: number) => void;
  readonly label?: string;
}

/** Items per page and page info (spec §9), with previous/next buttons. */
export function Pagination({ page, perPage, total, onPageChange, onPerPageChange, label = 'Paginación' }: PaginationProps) {
  const pages = pageCount(total, perPage);
  const selectId = useId();
  return (
    <Bar aria-label={label}>
      <Group>
        <label htmlFor={selectId}>Elementos por página</label>
        <select id={selectId} value={perPage} onChange={(e) => onPerPageChange(Number(e.target.value))}>
          {PAGE_SIZES.map((size) => (
            <option key={size} value={size}>
              {size}
            </option>
          ))}
        </select>
      </Group>
      <p aria-live="polite" style={{ margin: 0 }}>
        Página {formatInteger(Math.min(page, pages))} de {formatInteger(pages)} · {formatInteger(total)} {total === 1 ? 'resultado' : 'resultados'}
      </p>
      <Group>
        <Button onClick={() => onPageChange(page - 1)} disabled={page <= 1}>
          Página anterior
        </Button>
        <Button onClick={() => onPageChange(page + 1)} disabled={page >= pages}>
          Página siguiente
        </Button>
      </Group>
    </Bar>
  );
}
