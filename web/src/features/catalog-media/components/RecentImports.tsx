import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { formatDateTime, formatInteger } from '../../../shared/format/format';
import { useApi } from '../../../shared/kit/api-context';
import { ResourceTable } from '../../../shared/kit/ResourceTable';
import { fetchProjectImports, type ImportHistoryRow } from '../api/catalog-media-api';
import { IMPORT_STATUS_LABELS } from '../model/import-report';

/** The latest bulk uploads (a company user's own company's): each opens its progress and report. Read again when `version` changes. */
export function RecentImports({ version }: { version: string }) {
  const api = useApi();
  const [rows, setRows] = useState<{ loading: boolean; items: ImportHistoryRow[] }>({ loading: true, items: [] });
  useEffect(() => {
    let current = true;
    fetchProjectImports(api).then(
      (items) => current && setRows({ loading: false, items }),
      () => current && setRows({ loading: false, items: [] }),
    );
    return () => {
      current = false;
    };
  }, [api, version]);
  return (
    <ResourceTable
      caption="Cargas recientes"
      columns={[
        { header: 'Archivo', rowHeader: true, cell: (r: ImportHistoryRow) => <Link to={`?carga=${encodeURIComponent(r.id)}`}>{r.fileName}</Link> },
        { header: 'Inicio', cell: (r) => formatDateTime(r.startedAt) },
        { header: 'Estado', cell: (r) => IMPORT_STATUS_LABELS[r.status] },
        { header: 'Filas procesadas', cell: (r) => `${formatInteger(r.processed)} de ${formatInteger(r.total)}` },
        { header: 'Unidades creadas', cell: (r) => formatInteger(r.created) },
        { header: 'Filas rechazadas', cell: (r) => formatInteger(r.rejectedRows) },
      ]}
      rows={rows.items}
      rowKey={(r) => r.id}
      loading={rows.loading}
      empty={!rows.loading && rows.items.length === 0}
      emptyMessage="Todavía no hay cargas masivas."
    />
  );
}
