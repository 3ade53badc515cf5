import { useCallback, useEffect, useState } from 'react';
import styled from 'styled-components';
import type { HistoryChangeView, HistoryEntityName, HistoryItemView, HistoryResponse } from '../../../../contract/audit';
import { toApiErrorBody } from '../api/errors';
import type { ApiPort } from '../api/port';
import { formatDateTime } from '../format/format';
import { LoadFailed } from '../ui/LoadFailed';
import { useOptionalApi } from './api-context';
import { ResourceTable, type ResourceColumn } from './ResourceTable';

/** Spanish names of the fields the events change; a field not listed shows as it is named. */
const FIELD_LABELS: Readonly<Record<string, string>> = {
  status: 'Estado',
  enabled: 'Habilitado',
  featured: 'Destacado',
  commercialStatus: 'Estado comercial',
  paymentOutcome: 'Resultado del pago',
  refunded: 'Reembolsado',
  receiptSent: 'Comprobante enviado',
  roles: 'Roles',
  verified: 'Correo verificado',
  preApproved: 'Preaprobado',
  name: 'Nombre',
  firstLastName: 'Primer apellido',
  secondLastName: 'Segundo apellido',
  email: 'Correo',
  personalEmail: 'Correo personal',
  phone: 'Teléfono',
  rut: 'RUT',
  description: 'Descripción',
  amountCLP: 'Monto (CLP)',
  buyerName: 'Comprador',
  buyerEmail: 'Correo del comprador',
  buyerId: 'ID del comprador',
  projectName: 'Proyecto',
  unitNumber: 'Unidad',
  holdExpiresAt: 'Retención hasta',
  gateway: 'Pasarela',
  buyOrder: 'Orden de compra',
  authorizationCode: 'Código de autorización',
  responseCode: 'Código de respuesta',
  gatewayStatus: 'Estado en la pasarela',
  gatewayReference: 'Referencia de la pasarela',
  refundType: 'Tipo de reembolso',
  score: 'Puntaje',
  startDate: 'Inicio',
  endDate: 'Término',
};

/** Spanish names of the states the events move between. */
const VALUE_LABELS: Readonly<Record<string, string>> = {
  requested: 'Solicitada',
  held: 'Unidad retenida',
  rejected: 'Rechazada',
  payment_started: 'Pago iniciado',
  payment_confirmed: 'Pago aprobado',
  payment_failed: 'Pago fallido',
  confirmed: 'Confirmada',
  released: 'Liberada',
  expired: 'Vencida',
  cancelled: 'Cancelada',
  pending: 'Pendiente',
  failed: 'Fallido',
  reserved: 'Reservada',
  not_reserved: 'Disponible',
  in_process: 'En proceso',
  sold: 'Vendida',
  draft: 'Borrador',
  active: 'Activa',
  paused: 'Pausada',
  ended: 'Terminada',
  eliminated: 'Eliminada',
  unfinished: 'Sin terminar',
  downloaded: 'Descargado',
  derivated: 'Derivado',
};

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

/** A changed value as text: Sí/No, lists, dates in es-CL, known states in Spanish, '—' for nothing. */
export const historyValue = (value: unknown): string => {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'boolean') return value ? 'Sí' : 'No';
  if (Array.isArray(value)) return value.length ? value.map(historyValue).join(', ') : '—';
  if (typeof value === 'string') return ISO_INSTANT.test(value) ? formatDateTime(value) : (VALUE_LABELS[value] ?? value);
  if (typeof value === 'number') return String(value);
  return JSON.stringify(value);
};

export const historyFieldLabel = (field: string): string => FIELD_LABELS[field] ?? field;

const Changes = styled.ul`
  margin: 0;
  padding-left: 1.1em;
  li { overflow-wrap: anywhere; }
`;

function ChangeList({ changes }: { readonly changes: readonly HistoryChangeView[] }) {
  if (changes.length === 0) return <>—</>;
  return (
    <Changes>
      {changes.map((c) => (
        <li key={c.field}>
          {historyFieldLabel(c.field)}: {c.before === null || c.before === undefined ? historyValue(c.after) : `${historyValue(c.before)} → ${historyValue(c.after)}`}
        </li>
      ))}
    </Changes>
  );
}

type Row = HistoryItemView & { readonly key: string };

const COLUMNS: ResourceColumn<Row>[] = [
  { header: 'Fecha', rowHeader: true, cell: (i) => <time dateTime={i.at}>{formatDateTime(i.at)}</time> },
  { header: 'Evento', cell: (i) => i.event },
  { header: 'Autor', cell: (i) => i.actor?.name ?? 'Sistema' },
  { header: 'Motivo', cell: (i) => i.reason ?? '—' },
  { header: 'Cambios', cell: (i) => <ChangeList changes={i.changes} /> },
];

export const fetchHistory = async (api: ApiPort, entity: HistoryEntityName, id: string): Promise<HistoryResponse> =>
  (await api.request<HistoryResponse>({ method: 'GET', path: `/history/${entity}/${encodeURIComponent(id)}` })).data;

export interface HistoryTabProps {
  readonly entity: HistoryEntityName;
  readonly id: string;
  /** The API port; by default the one of the nearest ApiProvider. */
  readonly api?: ApiPort;
  /** The table's caption (default "Historial"). */
  readonly caption?: string;
}

/**
 * The "Historial" tab of a back-office detail screen: the entity's events newest first, read from
 * GET /history/{entity}/{id} (fecha, evento, autor, motivo, cambios). Read only, as the history is.
 */
export function HistoryTab({ entity, id, api: given, caption = 'Historial' }: HistoryTabProps) {
  const fromContext = useOptionalApi();
  const api = given ?? fromContext;
  const [state, setState] = useState<{ status: 'loading' | 'loaded' | 'failed'; items: readonly Row[]; error?: string }>({ status: 'loading', items: [] });

  const load = useCallback(() => {
    if (!api) throw new Error('HistoryTab sin puerto de API: páselo como prop o use ApiProvider');
    let live = true;
    setState((s) => ({ ...s, status: 'loading' }));
    fetchHistory(api, entity, id).then(
      (answer) => live && setState({ status: 'loaded', items: answer.items.map((item, index) => ({ ...item, key: String(answer.items.length - index) })) }),
      (error: unknown) => live && setState({ status: 'failed', items: [], error: toApiErrorBody(error).message }),
    );
    return () => {
      live = false;
    };
  }, [api, entity, id]);

  useEffect(load, [load]);

  return (
    <>
      {state.status === 'failed' && <LoadFailed message={state.error ?? ''} onRetry={load} />}
      <ResourceTable
        caption={caption}
        columns={COLUMNS}
        rows={state.items}
        rowKey={(i) => i.key}
        loading={state.status === 'loading' && state.items.length === 0}
        empty={state.status === 'loaded' && state.items.length === 0}
        emptyMessage="Sin eventos registrados."
        busy={state.status === 'loading'}
      />
    </>
  );
}
