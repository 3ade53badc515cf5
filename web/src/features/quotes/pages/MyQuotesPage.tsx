import { useEffect, useMemo } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import styled from 'styled-components';
import { formatCLP, formatDate, formatUF } from '../../../shared/format/format';
import { useDocumentTitle } from '../../../shared/hooks/useDocumentTitle';
import { useAppDispatch, useAppSelector } from '../../../shared/store/StoreProvider';
import { Button } from '../../../shared/ui/Button';
import { TextField } from '../../../shared/ui/fields';
import { Badge, Muted } from '../../../shared/ui/layout';
import { Pagination } from '../../../shared/ui/Pagination';
import { Table, TableRowsState, TableWrapper } from '../../../shared/ui/table';
import type { MyQuotesQuery } from '../api/quotes-api';
import { dateRangeError, quotesQueryToSearch, readQuotesQuery } from '../quotes-query';
import { myQuotesRequested, quoteResendRequested, selectMyQuotes, selectResending } from '../slice';
import { LoadFailed } from '../../../shared/ui/LoadFailed';

const Filters = styled.form`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(180px, 220px));
  column-gap: ${({ theme }) => theme.space(3)};
  align-items: end;
  & > button { margin-bottom: ${({ theme }) => theme.space(4)}; }
`;

const COLUMNS = 8;

/** My quotes (spec §2) with the issue-date filters in the URL; PDF download and send again. */
export default function MyQuotesPage() {
  useDocumentTitle('Mis cotizaciones');
  const dispatch = useAppDispatch();
  const [params, setParams] = useSearchParams();
  const query = useMemo(() => readQuotesQuery(params), [params]);
  const mine = useAppSelector(selectMyQuotes);
  const resending = useAppSelector(selectResending);
  const rangeError = dateRangeError(query);

  useEffect(() => {
    if (!rangeError) dispatch(myQuotesRequested(query));
  }, [dispatch, query, rangeError]);

  const go = (next: MyQuotesQuery) => setParams(quotesQueryToSearch(next));
  const loading = mine.status === 'loading';

  return (
    <>
      <h1>Mis cotizaciones</h1>
      <Muted>Cada cotización es válida por 7 días desde su emisión.</Muted>
      <Filters role="search" aria-label="Filtrar cotizaciones por fecha" onSubmit={(e) => e.preventDefault()}>
        <TextField label="Desde" type="date" value={query.from} max={query.to || undefined} onChange={(e) => go({ ...query, from: e.target.value, page: 1 })} />
        <TextField label="Hasta" type="date" value={query.to} min={query.from || undefined} error={rangeError ?? undefined} onChange={(e) => go({ ...query, to: e.target.value, page: 1 })} />
        <Button onClick={() => setParams(new URLSearchParams())}>Limpiar fechas</Button>
      </Filters>
      {mine.status === 'failed' && mine.error && <LoadFailed message={mine.error.message} onRetry={() => dispatch(myQuotesRequested(query))} />}
      <TableWrapper>
        <Table aria-busy={loading || undefined}>
          <caption>Cotizaciones emitidas</caption>
          <thead>
            <tr>
              <th scope="col">Número</th>
              <th scope="col">Emitida</th>
              <th scope="col">Proyecto y unidad</th>
              <th scope="col">Precio</th>
              <th scope="col">Dividendo</th>
              <th scope="col">Válida hasta</th>
              <th scope="col">Estado</th>
              <th scope="col">Acciones</th>
            </tr>
          </thead>
          <tbody>
            <TableRowsState columns={COLUMNS} loading={loading && mine.items.length === 0} empty={mine.status === 'loaded' && mine.items.length === 0} skeletonRows={3}>
              {query.from || query.to ? 'No hay cotizaciones en esas fechas.' : 'Aún no tiene cotizaciones.'} <Link to="/projects">Explorar proyectos</Link>
            </TableRowsState>
            {mine.items.map((q) => (
              <tr key={q.id}>
                <th scope="row">{q.number}</th>
                <td>{formatDate(q.createdAt)}</td>
                <td>
                  <Link to={`/projects/${encodeURIComponent(q.project.projectId)}?unit=${encodeURIComponent(q.unit.unitId)}`}>{q.project.name}</Link>
                  <br />
                  Unidad {q.unit.unitNumber} · {q.unit.typology}
                </td>
                <td>
                  {formatUF(q.priceUF)}
                  <br />
                  <Muted as="span">{formatCLP(q.priceCLP)}</Muted>
                </td>
                <td>
                  {formatUF(q.totalMonthlyPaymentUF)}
                  <br />
                  <Muted as="span">{formatCLP(q.totalMonthlyPaymentCLP)}</Muted>
                </td>
                <td>{formatDate(q.validUntil)}</td>
                <td>{q.expired ? <Badge $tone="neutral">Vencida</Badge> : <Badge $tone="success">Vigente</Badge>}</td>
                <td>
                  <a href={q.pdfUrl} download aria-label={`Descargar PDF de la cotización ${q.number}`}>
                    Descargar PDF
                  </a>
                  <br />
                  <Button
                    variant="ghost"
                    busy={resending.includes(q.id)}
                    busyLabel="Enviando..."
                    aria-label={`Enviar por email la cotización ${q.number}`}
                    onClick={() => dispatch(quoteResendRequested({ quoteId: q.id }))}
                  >
                    Enviar por email
                  </Button>
                </td>
              </tr>
            ))}
          </tbody>
        </Table>
      </TableWrapper>
      <Pagination
        label="Paginación de cotizaciones"
        page={query.page}
        perPage={query.perPage}
        total={mine.total}
        onPageChange={(page) => go({ ...query, page })}
        onPerPageChange={(perPage) => go({ ...query, page: 1, perPage })}
      />
    </>
  );
}
