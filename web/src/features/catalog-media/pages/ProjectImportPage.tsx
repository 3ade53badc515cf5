import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { toApiErrorBody } from '../../../shared/api/errors';
import { formatInteger } from '../../../shared/format/format';
import { useDocumentTitle } from '../../../shared/hooks/useDocumentTitle';
import { useApi } from '../../../shared/kit/api-context';
import { SPREADSHEET_UPLOAD } from '../../../shared/kit/upload-rules';
import { UploadField } from '../../../shared/kit/UploadField';
import { Alert } from '../../../shared/ui/Alert';
import { Button } from '../../../shared/ui/Button';
import { Card, Muted, Row, Stack } from '../../../shared/ui/layout';
import { cancelProjectImport, importTemplateUrl, startProjectImport } from '../api/catalog-media-api';
import { ImportReport } from '../components/ImportReport';
import { RecentImports } from '../components/RecentImports';
import { useImportWatch } from '../components/useImportWatch';
import { IMPORT_STATUS_LABELS, importFinished, importProgressText } from '../model/import-report';

/**
 * The bulk project upload (spec §2, §4): template, file (CSV or Excel up to 10 MB), upload with progress,
 * then the server's real progress (processed of total rows), cancel, and the report. The upload's id stays
 * in the address, so a reload keeps following it. A company user's upload is scoped by the server.
 */
export default function ProjectImportPage() {
  const api = useApi();
  useDocumentTitle('Carga masiva de proyectos');
  const [params, setParams] = useSearchParams();
  const id = params.get('carga');
  const watch = useImportWatch(id);
  const [cancelling, setCancelling] = useState(false);
  const [cancelError, setCancelError] = useState<string | null>(null);
  const status = watch.status;
  const running = !!id && (!status || !importFinished(status.status));

  const cancel = async () => {
    if (!id) return;
    setCancelling(true);
    setCancelError(null);
    try {
      await cancelProjectImport(api, id);
      watch.refresh();
    } catch (error) {
      setCancelError(toApiErrorBody(error).message);
    } finally {
      setCancelling(false);
    }
  };

  return (
    <Stack $gap={4}>
      <h1>Carga masiva de proyectos</h1>
      <Card aria-labelledby="import-template-title">
        <h2 id="import-template-title">1. Descargue la plantilla</h2>
        <Muted>
          Una fila por unidad; las filas con el mismo «codigo_proyecto» forman un proyecto. Un proyecto con una fila inválida no se crea: se informa cada fila
          rechazada.
        </Muted>
        <Row>
          <a href={importTemplateUrl('csv')} download>
            Descargar plantilla CSV
          </a>
          <a href={importTemplateUrl('xlsx')} download>
            Descargar plantilla Excel
          </a>
        </Row>
      </Card>
      <Card aria-labelledby="import-file-title">
        <h2 id="import-file-title">2. Suba el archivo</h2>
        <UploadField
          label="Archivo de proyectos"
          hint="CSV o Excel (.xlsx) de hasta 10 MB. Se sube apenas lo elija."
          rule={SPREADSHEET_UPLOAD}
          disabled={running}
          send={(file, onProgress, signal) => startProjectImport(api, file, onProgress, signal)}
          onUploaded={(newId) => setParams({ carga: newId })}
        />
      </Card>
      {id && (
        <Card aria-labelledby="import-progress-title">
          <h2 id="import-progress-title">3. Avance{status ? `: ${status.fileName}` : ''}</h2>
          {watch.error && <Alert kind="error">{watch.error}</Alert>}
          {status && (
            <Stack $gap={2}>
              <p>
                Estado: <strong>{IMPORT_STATUS_LABELS[status.status]}</strong>
              </p>
              <progress aria-label="Avance de la carga masiva" max={status.total || 1} value={status.processed} />
              <p aria-live="polite">{importProgressText(status, formatInteger)}</p>
              {!importFinished(status.status) && (
                <Row>
                  <Button variant="danger" busy={cancelling} busyLabel="Cancelando..." onClick={() => void cancel()}>
                    Cancelar carga masiva
                  </Button>
                </Row>
              )}
              {cancelError && <Alert kind="error">{cancelError}</Alert>}
              {importFinished(status.status) && <ImportReport status={status} />}
            </Stack>
          )}
        </Card>
      )}
      <RecentImports version={`${id ?? ''}:${status?.status ?? ''}`} />
    </Stack>
  );
}
