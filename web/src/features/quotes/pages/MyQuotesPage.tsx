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
import { ResourceTable, type ResourceColumn } from '../../../shared/kit/ResourceTable';
import type { MyQuotesQuery } from '../quotes-query';
import { dateRangeError, quotesQueryToSearch, readQuotesQuery } from '../quotes-query';
import { myQuotesRequested, quoteResendRequested, selectMyQuotes, selectResending } from '../slice';
import { LoadFailed } from '../../../shared/ui/LoadFailed';

const Filters = styled.form`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(180px, 220px));
  column-gap: ${({ theme }) => theme.space(3)};
  align-items: end;
  & > button {
    margin-bottom: ${({ theme }) => theme.space(4)};
  }
`;

type MyQuote = ReturnType<typeof selectMyQuotes>['items'][number];

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
  const columns: readonly ResourceColumn<MyQuote>[] = [
    { header: 'Número', rowHeader: true, cell: (q) => q.number },
    { header: 'Emitida', cell: (q) => formatDate(q.createdAt) },
    {
      header: 'Proyecto y unidad',
      cell: (q) => (
        <>
          <Link to={`/projects/${encodeURIComponent(q.project.projectId)}?unit=${encodeURIComponent(q.unit.unitId)}`}>{q.project.name}</Link>
          <br />
          Unidad {q.unit.unitNumber} · {q.unit.typology}
        </>
      ),
    },
    {
      header: 'Precio',
      cell: (q) => (
        <>
          {formatUF(q.priceUF)}
          <br />
          <Muted as="span">{formatCLP(q.priceCLP)}</Muted>
        </>
      ),
    },
    {
      header: 'Dividendo',
      cell: (q) => (
        <>
          {formatUF(q.totalMonthlyPaymentUF)}
          <br />
          <Muted as="span">{formatCLP(q.totalMonthlyPaymentCLP)}</Muted>
        </>
      ),
    },
    { header: 'Válida hasta', cell: (q) => formatDate(q.validUntil) },
    { header: 'Estado', cell: (q) => (q.expired ? <Badge $tone="neutral">Vencida</Badge> : <Badge $tone="success">Vigente</Badge>) },
    {
      header: 'Acciones',
      cell: (q) => (
        <>
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
        </>
      ),
    },
  ];

  return (
    <>
      <h1>Mis cotizaciones</h1>
      <Muted>Cada cotización es válida por 7 días desde su emisión.</Muted>
      <Filters role="search" aria-label="Filtrar cotizaciones por fecha" onSubmit={(e) => e.preventDefault()}>
        <TextField label="Desde" type="date" value={query.from} max={query.to || undefined} onChange={(e) => go({ ...query, from: e.target.value, page: 1 })} />
        <TextField
          label="Hasta"
          type="date"
          value={query.to}
          min={query.from || undefined}
          error={rangeError ?? undefined}
          onChange={(e) => go({ ...query, to: e.target.value, page: 1 })}
        />
        <Button onClick={() => setParams(new URLSearchParams())}>Limpiar fechas</Button>
      </Filters>
      {mine.status === 'failed' && mine.error && <LoadFailed message={mine.error.message} onRetry={() => dispatch(myQuotesRequested(query))} />}
      <ResourceTable
        caption="Cotizaciones emitidas"
        columns={columns}
        rows={mine.items}
        rowKey={(q) => q.id}
        loading={loading && mine.items.length === 0}
        empty={mine.status === 'loaded' && mine.items.length === 0}
        busy={loading}
        emptyMessage={
          <>
            {query.from || query.to ? 'No hay cotizaciones en esas fechas.' : 'Aún no tiene cotizaciones.'} <Link to="/projects">Explorar proyectos</Link>
          </>
        }
      />
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
