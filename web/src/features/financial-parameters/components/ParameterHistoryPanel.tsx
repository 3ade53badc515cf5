import { useEffect, useState } from 'react';
import type { FinancialParameter, ParameterHistory } from '../../../../../contract/financial-parameters';
import { toApiErrorBody } from '../../../shared/api/errors';
import { formatDateTime } from '../../../shared/format/format';
import { useApi } from '../../../shared/kit/api-context';
import { ResourceTable, type ResourceColumn } from '../../../shared/kit/ResourceTable';
import { LoadFailed } from '../../../shared/ui/LoadFailed';
import { fetchParameterHistory } from '../api/parameters-api';
import { FIELD_LABELS, formatHistoryValue } from './parameter-format';

type Entry = ParameterHistory['items'][number];

/** Every change of one parameter, newest first: when, who, why, and each field before and after. */
export function ParameterHistoryPanel({ parameter }: { readonly parameter: FinancialParameter }) {
  const api = useApi();
  const [state, setState] = useState<{ status: 'loading' } | { status: 'failed'; message: string } | { status: 'loaded'; items: Entry[] }>({
    status: 'loading',
  });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let live = true;
    fetchParameterHistory(api, parameter.id).then(
      (items) => live && setState({ status: 'loaded', items }),
      (error: unknown) => live && setState({ status: 'failed', message: toApiErrorBody(error).message }),
    );
    return () => {
      live = false;
    };
  }, [api, parameter.id, parameter.version, attempt]);
  const columns: ResourceColumn<Entry>[] = [
    { header: 'Fecha', rowHeader: true, cell: (e) => formatDateTime(e.at) },
    { header: 'Quién', cell: (e) => e.actorName ?? (e.actor === 'system' ? 'Sistema' : e.actor) },
    {
      header: 'Qué',
      cell: (e) =>
        e.event === 'created'
          ? 'Creado'
          : e.changes
              .map(
                (c) =>
                  `${FIELD_LABELS[c.field] ?? c.field}: ${formatHistoryValue(c.field, c.before, parameter.type)} → ${formatHistoryValue(c.field, c.after, parameter.type)}`,
              )
              .join('; '),
    },
    { header: 'Motivo', cell: (e) => e.reason ?? '—' },
  ];
  if (state.status === 'failed') return <LoadFailed message={state.message} onRetry={() => setAttempt((n) => n + 1)} />;
  return (
    <ResourceTable
      caption={`Historial de ${parameter.name}`}
      columns={columns}
      rows={state.status === 'loaded' ? state.items : []}
      rowKey={(e) => `${e.at}-${e.event}`}
      loading={state.status === 'loading'}
      empty={state.status === 'loaded' && state.items.length === 0}
      emptyMessage="Sin cambios."
    />
  );
}
