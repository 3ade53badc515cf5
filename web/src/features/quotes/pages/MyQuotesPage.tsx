import { useState } from 'react';
import { Link } from 'react-router-dom';
import type { MyQuote } from '../../../../../contract/quotes';
import { toApiErrorBody } from '../../../shared/api/errors';
import { toastRequested } from '../../../shared/events';
import { formatCLP, formatDate, formatUF } from '../../../shared/format/format';
import { useDocumentTitle } from '../../../shared/hooks/useDocumentTitle';
import { useApi } from '../../../shared/kit/api-context';
import { FilterBar } from '../../../shared/kit/FilterBar';
import { ResourceList } from '../../../shared/kit/ResourceList';
import type { ResourceColumn } from '../../../shared/kit/ResourceTable';
import { useResourceList, type ListResource } from '../../../shared/kit/useResourceList';
import { useAppDispatch } from '../../../shared/store/StoreProvider';
import { Button } from '../../../shared/ui/Button';
import { TextField } from '../../../shared/ui/fields';
import { Badge, Muted } from '../../../shared/ui/layout';
import { emailQuote, fetchMyQuotes } from '../api/quotes-api';
import { dateRangeError, parseMyQuotesQuery, type MyQuotesFilter } from '../quotes-query';

const MY_QUOTES: ListResource<MyQuote, MyQuotesFilter, never> = { parse: parseMyQuotesQuery, fetchPage: fetchMyQuotes };

/** "Enviar por email" on a row: busy while it goes, the server's answer as a toast. */
function useResend() {
  const api = useApi();
  const dispatch = useAppDispatch();
  const [sending, setSending] = useState<readonly string[]>([]);
  const send = async (quoteId: string) => {
    setSending((ids) => [...ids, quoteId]);
    try {
      const sent = await emailQuote(api, quoteId);
      dispatch(toastRequested({ kind: 'success', message: sent.message }));
    } catch (error) {
      dispatch(toastRequested({ kind: 'error', message: toApiErrorBody(error).message }));
    } finally {
      setSending((ids) => ids.filter((id) => id !== quoteId));
    }
  };
  return { sending, send: (quoteId: string) => void send(quoteId) };
}

/** My quotes (spec §2) with the issue-date filters in the URL; PDF download and send again. */
export default function MyQuotesPage() {
  useDocumentTitle('Mis cotizaciones');
  const list = useResourceList(MY_QUOTES);
  const resend = useResend();
  const { filter } = list.query;
  const rangeError = dateRangeError(filter);

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
            busy={resend.sending.includes(q.id)}
            busyLabel="Enviando..."
            aria-label={`Enviar por email la cotización ${q.number}`}
            onClick={() => resend.send(q.id)}
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
      <ResourceList
        list={list}
        caption="Cotizaciones emitidas"
        columns={columns}
        filters={
          <FilterBar label="Filtrar cotizaciones por fecha" clearLabel="Limpiar fechas" onClear={list.clear} minWidth="180px">
            <TextField
              label="Desde"
              type="date"
              value={filter.from}
              max={filter.to || undefined}
              onChange={(e) => list.setFilter({ ...filter, from: e.target.value })}
            />
            <TextField
              label="Hasta"
              type="date"
              value={filter.to}
              min={filter.from || undefined}
              error={rangeError ?? undefined}
              onChange={(e) => list.setFilter({ ...filter, to: e.target.value })}
            />
          </FilterBar>
        }
        emptyMessage={
          <>
            {filter.from || filter.to ? 'No hay cotizaciones en esas fechas.' : 'Aún no tiene cotizaciones.'} <Link to="/projects">Explorar proyectos</Link>
          </>
        }
      />
    </>
  );
}
