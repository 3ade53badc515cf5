import { useState } from 'react';
import type { ProjectionStatus } from '../../../../../contract/projections';
import { toApiErrorBody } from '../../../shared/api/errors';
import { answerOf } from '../../../shared/api/platform-api';
import { formatDateTime, formatInteger } from '../../../shared/format/format';
import { useDocumentTitle } from '../../../shared/hooks/useDocumentTitle';
import { ConfirmDialog } from '../../../shared/kit/ConfirmDialog';
import { ResourceTable, type ResourceColumn } from '../../../shared/kit/ResourceTable';
import { Alert } from '../../../shared/ui/Alert';
import { Button } from '../../../shared/ui/Button';
import { Badge, Muted, Stack } from '../../../shared/ui/layout';
import { LoadFailed } from '../../../shared/ui/LoadFailed';
import { useProjectionsStatusQuery, useStartRebuildMutation } from '../api/migrations-api';

/** How often the dashboard asks again while a rebuild runs. */
const FOLLOW_MS = 1500;

/**
 * Back office, Migraciones (spec §2, migration dashboard): every read model with how far it has read the
 * event store, and the blue-green rebuild (fresh collections, switched in when caught up) with its progress.
 */
export default function MigrationDashboardPage() {
  useDocumentTitle('Migraciones');
  const status = useProjectionsStatusQuery();
  const [startRebuild] = useStartRebuildMutation();
  const data = status.currentData;
  const failed = status.isError && !status.isFetching ? toApiErrorBody(status.error).message : null;
  const state = failed ? ({ status: 'failed', message: failed } as const) : data ? ({ status: 'loaded', data } as const) : ({ status: 'loading' } as const);
  const load = () => void status.refetch();
  const [confirming, setConfirming] = useState<string | null>(null);
  const [notice, setNotice] = useState<{ kind: 'success' | 'error'; text: string } | null>(null);
  const running = state.status === 'loaded' && state.data.items.some((p) => p.rebuilding);
  // While a rebuild runs, the same read is followed (a second subscription that polls).
  useProjectionsStatusQuery(undefined, { skip: !running, pollingInterval: running ? FOLLOW_MS : 0 });

  const rebuild = async () => {
    const name = confirming;
    setConfirming(null);
    if (!name) return;
    try {
      await answerOf(startRebuild({ params: { name } }));
      setNotice({ kind: 'success', text: `Reconstrucción de «${name}» iniciada: el modelo actual sigue respondiendo hasta el cambio.` });
    } catch (error) {
      setNotice({ kind: 'error', text: toApiErrorBody(error).fieldErrors[0]?.message ?? toApiErrorBody(error).message });
    }
  };

  const head = state.status === 'loaded' ? state.data.head : 0;
  const columns: ResourceColumn<ProjectionStatus>[] = [
    { header: 'Modelo de lectura', rowHeader: true, cell: (p) => p.name },
    {
      header: 'Avance',
      cell: (p) =>
        p.rebuilding ? (
          <progress aria-label={`Reconstruyendo ${p.name}`} />
        ) : (
          <progress aria-label={`Avance de ${p.name}`} max={Math.max(head, 1)} value={p.position} />
        ),
    },
    { header: 'Posición', cell: (p) => formatInteger(p.position) },
    { header: 'Atraso', cell: (p) => (p.lag === 0 ? <Badge $tone="success">Al día</Badge> : <Badge $tone="warning">{formatInteger(p.lag)} eventos</Badge>) },
    { header: 'Actualizado', cell: (p) => (p.updatedAt ? formatDateTime(p.updatedAt) : '—') },
    {
      header: 'Última reconstrucción',
      cell: (p) =>
        p.rebuilding
          ? `En curso desde ${formatDateTime(p.rebuilding.startedAt)}`
          : !p.lastRebuild
            ? '—'
            : 'error' in p.lastRebuild
              ? `Falló: ${p.lastRebuild.error}`
              : `${formatDateTime(p.lastRebuild.finishedAt)} (${formatInteger(Math.round(p.lastRebuild.ms))} ms)`,
    },
    {
      header: 'Acción',
      cell: (p) => (
        <Button variant="ghost" disabled={!!p.rebuilding} onClick={() => setConfirming(p.name)} aria-label={`Reconstruir ${p.name}`}>
          Reconstruir
        </Button>
      ),
    },
  ];

  return (
    <Stack $gap={4}>
      <h1>Migraciones</h1>
      <Muted>
        {state.status === 'loaded' ? `El registro de eventos va en la posición ${formatInteger(head)}. ` : ''}Cada modelo de lectura se reconstruye desde los
        eventos en colecciones nuevas y se cambia al terminar, sin cortar el servicio.
      </Muted>
      {notice && <Alert kind={notice.kind}>{notice.text}</Alert>}
      {state.status === 'failed' && <LoadFailed message={state.message} onRetry={load} />}
      <ResourceTable
        caption="Modelos de lectura"
        columns={columns}
        rows={state.status === 'loaded' ? state.data.items : []}
        rowKey={(p) => p.name}
        loading={state.status === 'loading'}
        empty={state.status === 'loaded' && state.data.items.length === 0}
        emptyMessage="Sin proyecciones."
      />
      <ConfirmDialog
        open={confirming !== null}
        title={`Reconstruir «${confirming ?? ''}»`}
        confirmLabel="Reconstruir"
        onConfirm={rebuild}
        onCancel={() => setConfirming(null)}
      >
        <p>Se leerán todos los eventos en colecciones nuevas; las consultas siguen usando las actuales hasta el cambio.</p>
      </ConfirmDialog>
    </Stack>
  );
}
