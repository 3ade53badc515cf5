import type { ReactNode, Ref } from 'react';
import { Table, TableRowsState, TableWrapper } from '../ui/table';
import type { CsvColumn } from './csv';

/** One column of a resource table: its header, its cell and, when it can be exported, its CSV text. */
export interface ResourceColumn<T> {
  readonly header: ReactNode;
  readonly cell: (row: T) => ReactNode;
  /** The list's sort value for this column ascending (descending is the same with a leading '-'). */
  readonly sort?: string;
  /** The row's name for screen readers (a `th scope="row"`): the first column, usually. */
  readonly rowHeader?: boolean;
  /** Left out of the export when absent (action buttons); several when the cell shows several fields. */
  readonly csv?: CsvColumn<T> | readonly CsvColumn<T>[];
  /** The column's name on a phone, where each cell is a line of a card: the header's text unless told. */
  readonly label?: string;
}

const labelOf = <T,>(column: ResourceColumn<T>): string | undefined =>
  column.label ?? (typeof column.header === 'string' ? column.header : csvColumnsOf(column)[0]?.header);

/** The export's columns for a table column, in order. */
export const csvColumnsOf = <T,>(column: ResourceColumn<T>): readonly CsvColumn<T>[] =>
  column.csv === undefined ? [] : Array.isArray(column.csv) ? column.csv : [column.csv as CsvColumn<T>];

export interface ResourceTableProps<T> {
  readonly caption: string;
  readonly columns: readonly ResourceColumn<T>[];
  readonly rows: readonly T[];
  readonly rowKey: (row: T) => string;
  /** Loading with nothing to show yet: placeholder rows. */
  readonly loading: boolean;
  /** Loaded, and nothing matched. */
  readonly empty: boolean;
  readonly emptyMessage: ReactNode;
  readonly busy?: boolean;
  /** Set when focus must be able to land on the table (after its focused row goes away). */
  readonly captionRef?: Ref<HTMLTableCaptionElement>;
  readonly currentSort?: string | null;
}

const ariaSort = (column: string | undefined, current: string | null | undefined) =>
  !column || !current ? undefined : current === column ? 'ascending' : current === `-${column}` ? 'descending' : undefined;

/** A table of resources: caption, headers (with aria-sort), loading placeholders and the empty state. */
export function ResourceTable<T>({ caption, columns, rows, rowKey, loading, empty, emptyMessage, busy, currentSort, captionRef }: ResourceTableProps<T>) {
  return (
    <TableWrapper>
      <Table aria-busy={busy || undefined}>
        <caption ref={captionRef} tabIndex={captionRef ? -1 : undefined}>
          {caption}
        </caption>
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
              {columns.map((c, i) =>
                c.rowHeader ? (
                  <th key={i} scope="row" data-label={labelOf(c)}>
                    {c.cell(row)}
                  </th>
                ) : (
                  <td key={i} data-label={labelOf(c)}>
                    {c.cell(row)}
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </Table>
    </TableWrapper>
  );
}
