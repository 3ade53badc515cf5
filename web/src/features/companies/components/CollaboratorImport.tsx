import { useState } from 'react';
import type { ImportResult } from '../../../../../contract/companies';
import { formatInteger } from '../../../shared/format/format';
import { useApi } from '../../../shared/kit/api-context';
import { ResourceTable } from '../../../shared/kit/ResourceTable';
import { SPREADSHEET_UPLOAD } from '../../../shared/kit/upload-rules';
import { UploadField } from '../../../shared/kit/UploadField';
import { Alert } from '../../../shared/ui/Alert';
import { Muted, Stack } from '../../../shared/ui/layout';
import { importCollaborators, templateUrl } from '../api/companies-api';

/** Collaborators from a CSV or Excel file: template download, upload with progress and cancel, and the rejected rows. */
export function CollaboratorImport({ companyId, onImported }: { companyId: string; onImported: () => void }) {
  const api = useApi();
  const [result, setResult] = useState<ImportResult | null>(null);
  return (
    <Stack $gap={3}>
      <Muted>
        Descargue la plantilla en <a href={templateUrl(companyId, 'csv')}>CSV</a> o <a href={templateUrl(companyId, 'xlsx')}>Excel</a>, complete una fila por
        colaborador y súbala. Un RUT que ya es colaborador se actualiza.
      </Muted>
      <UploadField
        label="Archivo de colaboradores"
        rule={SPREADSHEET_UPLOAD}
        send={(file, onProgress, signal) => {
          setResult(null);
          return importCollaborators(api, companyId, file, onProgress, signal);
        }}
        onUploaded={(imported) => {
          setResult(imported);
          onImported();
        }}
      />
      {result?.status === 'failed' && (
        <Alert kind="error" title="La importación se detuvo">
          {result.error} Se aplicaron {formatInteger(result.created)} colaboradores nuevos y {formatInteger(result.updated)} actualizaciones.
        </Alert>
      )}
      {result && result.status !== 'failed' && (
        <Alert kind={result.rejected.length ? 'warning' : 'success'} title={result.status === 'completed' ? 'Importación terminada' : 'Importación en curso'}>
          {formatInteger(result.total)} filas: {formatInteger(result.created)} colaboradores nuevos, {formatInteger(result.updated)} actualizados,{' '}
          {formatInteger(result.rejected.length)} rechazadas.
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
