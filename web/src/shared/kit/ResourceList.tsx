import { useState, type ReactNode } from 'react';
import { toApiErrorBody } from '../api/errors';
import { Alert } from '../ui/Alert';
import { Button } from '../ui/Button';
import { LoadFailed } from '../ui/LoadFailed';
import { Row } from '../ui/layout';
import { Pagination } from '../ui/Pagination';
import { toCsv, type CsvColumn } from './csv';
import { downloadCsv } from './dom-download';
import { FilterForm, type FilterFormProps } from './FilterForm';
import { csvColumnsOf, ResourceTable, type ResourceColumn } from './ResourceTable';
import type { ResourceListState } from './useResourceList';

/** A FilterForm drawn from data, applied to the list's URL ("Aplicar filtros", "Limpiar filtros"). */
export type FilterSpec<F extends Readonly<Record<string, string>>> = Pick<FilterFormProps<F>, 'label' | 'fields' | 'minWidth'>;

const isFilterSpec = <F extends Readonly<Record<string, string>>>(filters: unknown): filters is FilterSpec<F> =>
  typeof filters === 'object' && filters !== null && 'fields' in filters && Array.isArray(filters.fields);

const byId = (row: unknown) => (row as { id: string }).id;

export interface ResourceListProps<T, F extends Readonly<Record<string, string>>, S extends string> {
  /** From useResourceList: the URL's query, the page of rows and its state. */
  readonly list: ResourceListState<T, F, S>;
  readonly caption: string;
  readonly columns: readonly ResourceColumn<T>[];
  /** A row's React key: its `id` unless told. */
  readonly rowKey?: (row: T) => string;
  readonly emptyMessage: ReactNode;
  /** The filters (role="search"), shown above the table: a FilterForm's fields, or any element (a FilterBar). */
  readonly filters?: FilterSpec<F> | ReactNode;
  /** When set, "Exportar CSV" downloads every filtered row as `<exportName>.csv`. */
  readonly exportName?: string;
  /** Columns only the export has (fields too wide for the table), after the table's own. */
  readonly extraCsv?: readonly CsvColumn<T>[];
}

/**
 * A back-office list: filters, export, table, pagination, with its loading, empty and error states. The
 * filters, sort and page are the URL's (useResourceList), so a filtered list is a link.
 */
export function ResourceList<T, F extends Readonly<Record<string, string>>, S extends string>({
  list,
  caption,
  columns,
  rowKey = byId,
  emptyMessage,
  filters,
  exportName,
  extraCsv = [],
}: ResourceListProps<T, F, S>) {
  const [exporting, setExporting] = useState(false);
  const [exportError, setExportError] = useState<string | null>(null);
  const loading = list.status === 'loading';

  const exportCsv = async () => {
    if (!exportName) return;
    setExporting(true);
    setExportError(null);
    try {
      const rows = await list.fetchAll();
      const csvColumns = [...columns.flatMap((c) => csvColumnsOf(c)), ...extraCsv];
      downloadCsv(`${exportName}.csv`, toCsv(csvColumns, rows));
    } catch (error) {
      setExportError(toApiErrorBody(error).message);
    } finally {
      setExporting(false);
    }
  };

  return (
    <>
      {isFilterSpec<F>(filters) ? <FilterForm {...filters} filter={list.query.filter} onApply={list.setFilter} onClear={list.clear} /> : filters}
      {exportName && (
        <Row $justify="flex-end">
          <Button onClick={() => void exportCsv()} busy={exporting} busyLabel="Exportando..." disabled={list.total === 0}>
            Exportar CSV
          </Button>
        </Row>
      )}
      {exportError && (
        <Alert kind="error">
          <p>{exportError}</p>
        </Alert>
      )}
      {list.status === 'failed' && list.error && <LoadFailed message={list.error.message} onRetry={list.reload} />}
      <ResourceTable
        caption={caption}
        columns={columns}
        rows={list.rows}
        rowKey={rowKey}
        loading={loading && list.rows.length === 0}
        empty={list.status === 'loaded' && list.rows.length === 0}
        emptyMessage={emptyMessage}
        busy={loading}
        currentSort={list.query.sort}
      />
      <Pagination
        label={`Paginación: ${caption.toLowerCase()}`}
        page={list.query.pagination.page}
        perPage={list.query.pagination.perPage}
        total={list.total}
        onPageChange={list.setPage}
        onPerPageChange={list.setPerPage}
      />
    </>
  );
}
