import { Link } from 'react-router-dom';
import { formatDate } from '../../../shared/format/format';
import { useDocumentTitle } from '../../../shared/hooks/useDocumentTitle';
import { Badge, Muted } from '../../../shared/ui/layout';
import { ResourceTable, type ResourceColumn } from '../../../shared/kit/ResourceTable';
import { ResourceError, tableState, useResource } from '../../../shared/kit/useResource';
import type { MyDocument } from '../../../../../contract/quotes';
import { fetchMyDocuments } from '../api/documents-api';

const KIND_LABELS: Readonly<Record<string, string>> = { quote: 'Cotización', reservation_receipt: 'Comprobante de reserva' };

const COLUMNS: readonly ResourceColumn<MyDocument>[] = [
  { header: 'Documento', rowHeader: true, cell: (d) => d.title },
  { header: 'Tipo', cell: (d) => <Badge $tone={d.kind === 'quote' ? 'info' : 'success'}>{KIND_LABELS[d.kind] ?? d.kind}</Badge> },
  { header: 'Fecha', cell: (d) => formatDate(d.createdAt) },
  {
    header: 'Descargar',
    cell: (d) => (
      <a href={d.url} download aria-label={`Descargar ${d.title} (PDF)`}>
        PDF
      </a>
    ),
  },
];

/** My documents: every quote PDF and reservation receipt, newest first. */
export default function DocumentsPage() {
  useDocumentTitle('Mis documentos');
  const docs = useResource('documents', fetchMyDocuments);
  return (
    <>
      <h1>Mis documentos</h1>
      <Muted>Sus cotizaciones en PDF y los comprobantes de sus reservas confirmadas.</Muted>
      <ResourceError resource={docs} />
      <ResourceTable
        caption="Documentos"
        columns={COLUMNS}
        {...tableState(docs)}
        rowKey={(d) => `${d.kind}-${d.id}`}
        emptyMessage={
          <>
            Aún no tiene documentos. Cotice una unidad desde su <Link to="/projects">proyecto</Link>.
          </>
        }
      />
    </>
  );
}
