import { formatInteger } from '../../../shared/format/format';
import { downloadCsv } from '../../../shared/kit/dom-download';
import { ResourceTable } from '../../../shared/kit/ResourceTable';
import { Alert } from '../../../shared/ui/Alert';
import { Button } from '../../../shared/ui/Button';
import { Row, Stack } from '../../../shared/ui/layout';
import type { ImportStatus } from '../api/catalog-media-api';
import { importFieldLabel, importSummaryText, rejectedRowsCsv, type RejectedRow } from '../model/import-report';

const SUMMARY_TITLE: Record<string, string> = { completed: 'Carga completada', cancelled: 'Carga cancelada', failed: 'La carga falló' };

/** The end of a bulk upload: what was created, and the rejected rows (row, field, message), exportable as CSV. */
export function ImportReport({ status }: { status: ImportStatus }) {
  const rejected = [...status.rejected].sort((a, b) => a.row - b.row);
  const kind = status.status === 'failed' ? 'error' : status.status === 'cancelled' || rejected.length ? 'warning' : 'success';
  return (
    <Stack $gap={3}>
      <Alert kind={kind} title={SUMMARY_TITLE[status.status]}>
        <p>
          {importSummaryText(status.created, status.projectsCreated, rejected.length, formatInteger)}
          {status.error ? ` ${status.error}` : ''}
        </p>
        {status.projectsCreated > 0 && <p>Los proyectos nuevos quedan deshabilitados hasta que los habilite.</p>}
      </Alert>
      {rejected.length > 0 && (
        <>
          <Row $justify="flex-end">
            <Button onClick={() => downloadCsv(`filas-rechazadas-${status.id}.csv`, rejectedRowsCsv(rejected))}>Exportar filas rechazadas (CSV)</Button>
          </Row>
          <ResourceTable
            caption="Filas rechazadas"
            columns={[
              { header: 'Fila', rowHeader: true, cell: (r: RejectedRow) => r.row },
              { header: 'Campo', cell: (r) => importFieldLabel(r.field) },
              { header: 'Motivo', cell: (r) => r.message },
            ]}
            rows={rejected}
            rowKey={(r) => `${r.row}-${r.field}`}
            loading={false}
            empty={false}
            emptyMessage=""
          />
        </>
      )}
    </Stack>
  );
}
