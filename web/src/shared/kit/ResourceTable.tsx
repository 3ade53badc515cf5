import type { ReactNode } from 'react';
import { Table, TableRowsState, TableWrapper } from '../ui/table';
import type { CsvColumn } from './csv';

/** One column of a resource table: its header, its cell and, when it can be exported, its CSV text. */
export interface ResourceColumn<T> {
  readonly header: ReactNode;
  readonly cell: (row: T) => ReactNode;
  /** The list's sort value for this column ascending (descending is the same with a leading '-'). */
  readonly sort?: string;
  /** Left out of the export when absent (action buttons). */
  readonly csv?: CsvColumn<T>;
}

export interface ResourceTableProps<T> {
  readonly caption: string;
  readonly columns: readonly ResourceColumn<T>[];
  readonly rows: readonly T[];
  readonly rowKey: (row: T) => string;
  /** Loading with nothing to show yet: placeholder rows. */
  readonly loading: boolean;
  /** Loaded, and nothing matched. */
  readonly empty: boolean;
  readonly emptyMessage: string;
  readonly busy?: boolean;
  readonly currentSort?: string | null;
}

const ariaSort = (column: string | undefined, current: string | null | undefined) =>
  !column || !current ? undefined : current === column ? 'ascending' : current === `-${column}` ? 'descending' : undefined;

/** A table of resources: caption, headers (with aria-sort), loading placeholders and the empty state. */
export function ResourceTable<T>({ caption, columns, rows, rowKey, loading, empty, emptyMessage, busy, currentSort }: ResourceTableProps<T>) {
  return (
    <TableWrapper>
      <Table aria-busy={busy || undefined}>
        <caption>{caption}</caption>
        <thead>
          <tr>
            {columns.map((c, i) => (
              <th key={i} scope="col" aria-sort={ariaSort(c.sort, currentSort)}>
                {c.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          <TableRowsState columns={columns.length} loading={loading} empty={empty} skeletonRows={3}>
            {emptyMessage}
          </TableRowsState>
          {rows.map((row) => (
            <tr key={rowKey(row)}>
              {columns.map((c, i) => (
                <td key={i}>{c.cell(row)}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </Table>
    </TableWrapper>
  );
}
