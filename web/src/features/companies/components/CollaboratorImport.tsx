import { useRef, useState } from 'react';
import { IMPORT_MAX_BYTES, type ImportResult } from '../../../../../contract/companies';
import { toApiErrorBody } from '../../../shared/api/errors';
import { formatInteger } from '../../../shared/format/format';
import { useApi } from '../../../shared/kit/api-context';
import { ResourceTable } from '../../../shared/kit/ResourceTable';
import { Alert } from '../../../shared/ui/Alert';
import { Button } from '../../../shared/ui/Button';
import { Muted, Row, Stack } from '../../../shared/ui/layout';
import { importCollaborators, templateUrl } from '../api/companies-api';

/** Collaborators from a CSV or Excel file: template download, upload with progress and cancel, and the rejected rows. */
export function CollaboratorImport({ companyId, onImported }: { companyId: string; onImported: () => void }) {
  const api = useApi();
  const input = useRef<HTMLInputElement>(null);
  const abort = useRef<AbortController | null>(null);
  const [progress, setProgress] = useState<{ sent: number; total: number } | null>(null);
  const [result, setResult] = useState<ImportResult | null>(null);
  const [error, setError] = useState<string | null>(null);
  const upload = async (file: File) => {
    setError(null);
    setResult(null);
    if (!/\.(csv|xlsx)$/i.test(file.name)) return setError('Solo archivos CSV o Excel (.xlsx).');
    if (file.size > IMPORT_MAX_BYTES) return setError('El archivo supera el máximo de 10 MB.');
    abort.current = new AbortController();
    setProgress({ sent: 0, total: file.size });
    try {
      setResult(await importCollaborators(api, companyId, file, (sent, total) => setProgress({ sent, total: total || file.size }), abort.current.signal));
      onImported();
    } catch (caught) {
      setError(caught instanceof DOMException && caught.name === 'AbortError' ? 'Carga cancelada.' : (toApiErrorBody(caught).fieldErrors[0]?.message ?? toApiErrorBody(caught).message));
    } finally {
      setProgress(null);
      if (input.current) input.current.value = '';
    }
  };
  return (
    <Stack $gap={3}>
      <Muted>
        Descargue la plantilla en <a href={templateUrl(companyId, 'csv')}>CSV</a> o <a href={templateUrl(companyId, 'xlsx')}>Excel</a>, complete una fila por colaborador y súbala. Un RUT que ya es colaborador se
        actualiza.
      </Muted>
      <label>
        Archivo de colaboradores
        <input ref={input} type="file" accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet" disabled={!!progress} onChange={(e) => e.target.files?.[0] && upload(e.target.files[0])} />
      </label>
      {progress && (
        <Row $gap={2} $align="center">
          <progress aria-label="Subiendo el archivo de colaboradores" max={progress.total || 1} value={progress.sent} />
          <Button variant="ghost" onClick={() => abort.current?.abort()}>
            Cancelar carga
          </Button>
        </Row>
      )}
      {error && <Alert kind="error">{error}</Alert>}
      {result && (
        <Alert kind={result.rejected.length ? 'warning' : 'success'} title="Importación terminada">
          {formatInteger(result.total)} filas: {formatInteger(result.created)} colaboradores nuevos, {formatInteger(result.updated)} actualizados, {formatInteger(result.rejected.length)} rechazadas.
        </Alert>
      )}
      {result && result.rejected.length > 0 && (
        <ResourceTable
          caption="Filas rechazadas"
          columns={[
            { header: 'Fila', rowHeader: true, cell: (r) => r.row },
            { header: 'Columna', cell: (r) => r.field },
            { header: 'Motivo', cell: (r) => r.message },
          ]}
          rows={result.rejected}
          rowKey={(r) => `${r.row}-${r.field}`}
          loading={false}
          empty={false}
          emptyMessage=""
        />
      )}
    </Stack>
  );
}
