import styled from 'styled-components';

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
  caption { text-align: left; padding: ${({ theme }) => theme.space(3)}; font-weight: 600; }
  th, td {
    text-align: left;
    padding: ${({ theme }) => `${theme.space(2)} ${theme.space(3)}`};
    border-bottom: 1px solid ${({ theme }) => theme.colors.border};
    vertical-align: top;
  }
  thead th { background: ${({ theme }) => theme.colors.surfaceAlt}; font-weight: 600; white-space: nowrap; }
  tbody tr:last-child td { border-bottom: none; }
`;
