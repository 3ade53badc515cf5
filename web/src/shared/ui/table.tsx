import type { ReactNode } from 'react';
import styled, { css } from 'styled-components';
import { Skeleton } from './Skeleton';

/** Below this width a table's rows become cards: one line per cell, named by its column (the cell's data-label). */
export const STACKED_TABLE_MAX_WIDTH = 640;

/**
 * A phone has no room for columns side by side: each row is a card, each cell a line that begins with its
 * column's name (data-label), and the column headers stay for screen readers only.
 */
export const stackedOnPhones = css`
  @media (max-width: ${STACKED_TABLE_MAX_WIDTH}px) {
    thead {
      position: absolute;
      width: 1px;
      height: 1px;
      overflow: hidden;
      clip-path: inset(50%);
      white-space: nowrap;
    }
    tbody tr {
      display: block;
      padding: ${({ theme }) => theme.space(2)} 0;
      border-bottom: 1px solid ${({ theme }) => theme.colors.border};
    }
    tbody tr:last-child {
      border-bottom: none;
    }
    tbody th,
    tbody td {
      display: flex;
      flex-wrap: wrap;
      align-items: baseline;
      gap: 0 ${({ theme }) => theme.space(3)};
      border-bottom: none;
      text-align: left;
      padding: ${({ theme }) => `${theme.space(1)} ${theme.space(3)}`};
      overflow-wrap: anywhere;
    }
    tbody [data-label]::before {
      content: attr(data-label);
      flex: 0 0 7.5rem;
      font-weight: 600;
      color: ${({ theme }) => theme.colors.textMuted};
    }
  }
`;

export const TableWrapper = styled.div`
  /* Positioned, so visually hidden cells (position: absolute) scroll with the table instead of widening the page. */
  position: relative;
  width: 100%;
  overflow-x: auto;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.colors.surface};
`;

export const Table = styled.table`
  width: 100%;
  border-collapse: collapse;
  font-size: 0.9375rem;
  caption {
    text-align: left;
    padding: ${({ theme }) => theme.space(3)};
    font-weight: 600;
  }
  th,
  td {
    text-align: left;
    padding: ${({ theme }) => `${theme.space(2)} ${theme.space(3)}`};
    border-bottom: 1px solid ${({ theme }) => theme.colors.border};
    vertical-align: top;
  }
  thead th {
    background: ${({ theme }) => theme.colors.surfaceAlt};
    font-weight: 600;
    white-space: nowrap;
  }
  tbody tr:last-child td {
    border-bottom: none;
  }
  ${stackedOnPhones}
`;

export interface TableRowsStateProps {
  readonly columns: number;
  /** First load: placeholder rows, hidden from assistive technology (the table says aria-busy). */
  readonly loading: boolean;
  /** Loaded and empty: one row across every column with `children`. */
  readonly empty: boolean;
  readonly skeletonRows?: number;
  readonly children: ReactNode;
}

/** The rows a list table shows before it has rows of its own: placeholders while loading, or the empty state. */
export function TableRowsState({ columns, loading, empty, skeletonRows = 2, children }: TableRowsStateProps) {
  if (loading)
    return (
      <>
        {Array.from({ length: skeletonRows }, (_, i) => (
          <tr key={`skeleton-${i}`} aria-hidden="true">
            {Array.from({ length: columns }, (__, j) => (
              <td key={j}>
                <Skeleton />
              </td>
            ))}
          </tr>
        ))}
      </>
    );
  if (!empty) return null;
  return (
    <tr>
      <td colSpan={columns}>{children}</td>
    </tr>
  );
}
