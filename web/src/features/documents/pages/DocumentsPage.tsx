import { useEffect } from 'react';
import { Link } from 'react-router-dom';
import { formatDate } from '../../../shared/format/format';
import { useDocumentTitle } from '../../../shared/hooks/useDocumentTitle';
import { useAppDispatch, useAppSelector } from '../../../shared/store/StoreProvider';
import { Badge, Muted } from '../../../shared/ui/layout';
import { ResourceTable, type ResourceColumn } from '../../../shared/kit/ResourceTable';
import { documentsRequested, selectDocuments } from '../slice';
import { LoadFailed } from '../../../shared/ui/LoadFailed';

const KIND_LABELS: Readonly<Record<string, string>> = { quote: 'Cotización', reservation_receipt: 'Comprobante de reserva' };

type MyDocument = ReturnType<typeof selectDocuments>['items'][number];

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
  const dispatch = useAppDispatch();
  const docs = useAppSelector(selectDocuments);
  useEffect(() => {
    dispatch(documentsRequested());
  }, [dispatch]);
  return (
    <>
      <h1>Mis documentos</h1>
      <Muted>Sus cotizaciones en PDF y los comprobantes de sus reservas confirmadas.</Muted>
      {docs.status === 'failed' && docs.error && <LoadFailed message={docs.error.message} onRetry={() => dispatch(documentsRequested())} />}
      <ResourceTable
        caption="Documentos"
        columns={COLUMNS}
        rows={docs.items}
        rowKey={(d) => `${d.kind}-${d.id}`}
        loading={docs.status === 'loading' && docs.items.length === 0}
        empty={docs.status === 'loaded' && docs.items.length === 0}
        busy={docs.status === 'loading'}
        emptyMessage={
          <>
            Aún no tiene documentos. Cotice una unidad desde su <Link to="/projects">proyecto</Link>.
          </>
        }
      />
    </>
  );
}
