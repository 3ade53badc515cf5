import { useEffect } from 'react';
import { Link } from 'react-router-dom';
import { formatDate } from '../../../shared/format/format';
import { useDocumentTitle } from '../../../shared/hooks/useDocumentTitle';
import { useAppDispatch, useAppSelector } from '../../../shared/store/StoreProvider';
import { Badge, Muted } from '../../../shared/ui/layout';
import { Table, TableRowsState, TableWrapper } from '../../../shared/ui/table';
import { documentsRequested, selectDocuments } from '../slice';
import { LoadFailed } from '../../../shared/ui/LoadFailed';

const KIND_LABELS: Readonly<Record<string, string>> = { quote: 'Cotización', reservation_receipt: 'Comprobante de reserva' };

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
      <TableWrapper>
        <Table aria-busy={docs.status === 'loading' || undefined}>
          <caption>Documentos</caption>
          <thead>
            <tr>
              <th scope="col">Documento</th>
              <th scope="col">Tipo</th>
              <th scope="col">Fecha</th>
              <th scope="col">Descargar</th>
            </tr>
          </thead>
          <tbody>
            <TableRowsState columns={4} loading={docs.status === 'loading' && docs.items.length === 0} empty={docs.status === 'loaded' && docs.items.length === 0}>
              Aún no tiene documentos. Cotice una unidad desde su <Link to="/projects">proyecto</Link>.
            </TableRowsState>
            {docs.items.map((d) => (
              <tr key={`${d.kind}-${d.id}`}>
                <th scope="row">{d.title}</th>
                <td>
                  <Badge $tone={d.kind === 'quote' ? 'info' : 'success'}>{KIND_LABELS[d.kind] ?? d.kind}</Badge>
                </td>
                <td>{formatDate(d.createdAt)}</td>
                <td>
                  <a href={d.url} download aria-label={`Descargar ${d.title} (PDF)`}>
                    PDF
                  </a>
                </td>
              </tr>
            ))}
          </tbody>
        </Table>
      </TableWrapper>
    </>
  );
}
