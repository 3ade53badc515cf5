import { useCallback, useEffect, useState } from 'react';
import styled from 'styled-components';
import type { HistoryChangeView, HistoryEntityName, HistoryItemView, HistoryResponse } from '../../../../contract/audit';
import { toApiErrorBody } from '../api/errors';
import type { ApiPort } from '../api/port';
import { formatDateTime } from '../format/format';
import { historyFieldLabel, historyValue } from './history-values';
import { LoadFailed } from '../ui/LoadFailed';
import { useOptionalApi } from './api-context';
import { ResourceTable, type ResourceColumn } from './ResourceTable';

const Changes = styled.ul`
  margin: 0;
  padding-left: 1.1em;
  li {
    overflow-wrap: anywhere;
  }
`;

function ChangeList({ changes }: { readonly changes: readonly HistoryChangeView[] }) {
  if (changes.length === 0) return <>—</>;
  return (
    <Changes>
      {changes.map((c) => (
        <li key={c.field}>
          {historyFieldLabel(c.field)}:{' '}
          {c.before === null || c.before === undefined
            ? historyValue(c.after, c.field)
            : `${historyValue(c.before, c.field)} → ${historyValue(c.after, c.field)}`}
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
