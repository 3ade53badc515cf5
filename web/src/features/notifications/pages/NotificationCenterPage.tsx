import { useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import type { NotificationItem } from '../../../../../contract/notifications';
import { toApiErrorBody } from '../../../shared/api/errors';
import { answerOf } from '../../../shared/api/platform-api';
import { formatDateTime } from '../../../shared/format/format';
import { useDocumentTitle } from '../../../shared/hooks/useDocumentTitle';
import { ResourceTable, type ResourceColumn } from '../../../shared/kit/ResourceTable';
import { Button } from '../../../shared/ui/Button';
import { SelectField } from '../../../shared/ui/fields';
import { Badge, Grid, Muted, Row } from '../../../shared/ui/layout';
import { LoadFailed } from '../../../shared/ui/LoadFailed';
import { VisuallyHidden } from '../../../shared/ui/VisuallyHidden';
import {
  CATEGORY_LABEL,
  PRIORITY_LABEL,
  useMarkAllReadMutation,
  useMarkReadMutation,
  useMyNotificationsQuery,
  type NotificationFilter,
} from '../api/notifications-api';

const PRIORITY_TONE = { urgent: 'danger', high: 'warning', medium: 'info', low: 'neutral' } as const;

const options = (labels: Record<string, string>) => Object.entries(labels).map(([value, label]) => ({ value, label }));

/** The filter as the URL says it (a filtered center is a link); anything unknown is ignored. */
const filterOf = (params: URLSearchParams): NotificationFilter => {
  const priority = params.get('priority');
  const category = params.get('category');
  const read = params.get('read');
  return {
    ...(priority && priority in PRIORITY_LABEL ? { priority: priority as NotificationFilter['priority'] } : {}),
    ...(category && category in CATEGORY_LABEL ? { category: category as NotificationFilter['category'] } : {}),
    ...(read === 'true' || read === 'false' ? { read } : {}),
  };
};

/** Comunicaciones › Centro de notificaciones: the signed-in person's notifications, filtered, and marking them read. */
export default function NotificationCenterPage() {
  useDocumentTitle('Centro de notificaciones');
  const [params, setParams] = useSearchParams();
  const filter = filterOf(params);
  const notifications = useMyNotificationsQuery({ query: filter });
  const [markRead] = useMarkReadMutation();
  const [markAllRead] = useMarkAllReadMutation();
  const data = notifications.currentData ?? null;
  const loading = notifications.isFetching;
  const [actionError, setActionError] = useState<string | null>(null);
  const error = actionError ?? (notifications.isError && !loading ? toApiErrorBody(notifications.error).message : null);
  const [busy, setBusy] = useState(false);
  const load = () => {
    setActionError(null);
    void notifications.refetch();
  };
  const setFilter = (name: keyof NotificationFilter, value: string) => {
    const next = new URLSearchParams(params);
    if (value) next.set(name, value);
    else next.delete(name);
    setParams(next);
  };
  /** A write, after which the list is asked again (its tag is invalidated). */
  const act = async (action: () => Promise<unknown>) => {
    setBusy(true);
    setActionError(null);
    try {
      await action();
    } catch (e) {
      setActionError(toApiErrorBody(e).message);
    } finally {
      setBusy(false);
    }
  };
  const columns: readonly ResourceColumn<NotificationItem>[] = [
    { header: 'Notificación', rowHeader: true, cell: (n) => (n.link ? <Link to={n.link}>{n.title}</Link> : n.title) },
    { header: 'Detalle', cell: (n) => n.body },
    { header: 'Prioridad', cell: (n) => <Badge $tone={PRIORITY_TONE[n.priority]}>{PRIORITY_LABEL[n.priority]}</Badge> },
    { header: 'Categoría', cell: (n) => CATEGORY_LABEL[n.category] },
    { header: 'Fecha', cell: (n) => formatDateTime(n.createdAt) },
    {
      header: 'Estado',
      cell: (n) =>
        n.read ? (
          'Leída'
        ) : (
          <Button variant="ghost" disabled={busy} onClick={() => void act(() => answerOf(markRead({ params: { id: n.id } })))}>
            Marcar como leída<VisuallyHidden>: {n.title}</VisuallyHidden>
          </Button>
        ),
    },
  ];
  const items = data?.items ?? [];
  return (
    <>
      <h1>Centro de notificaciones</h1>
      <Muted>
        Sus notificaciones: {data ? `${data.unread} sin leer` : 'cargando...'}. Elija por dónde y cuándo recibirlas en{' '}
        <Link to="/dashboard/notifications">Preferencias de notificación</Link>.
      </Muted>
      <Grid $min="200px" role="search" aria-label="Filtros de notificaciones">
        <SelectField
          label="Prioridad"
          placeholder="Todas"
          options={options(PRIORITY_LABEL)}
          value={filter.priority ?? ''}
          onChange={(e) => setFilter('priority', e.target.value)}
        />
        <SelectField
          label="Categoría"
          placeholder="Todas"
          options={options(CATEGORY_LABEL)}
          value={filter.category ?? ''}
          onChange={(e) => setFilter('category', e.target.value)}
        />
        <SelectField
          label="Estado"
          placeholder="Todas"
          options={[
            { value: 'false', label: 'Sin leer' },
            { value: 'true', label: 'Leídas' },
          ]}
          value={filter.read ?? ''}
          onChange={(e) => setFilter('read', e.target.value)}
        />
      </Grid>
      <Row $gap={2}>
        <Button onClick={() => void act(() => answerOf(markAllRead()))} disabled={busy || !data || data.unread === 0}>
          Marcar todas como leídas
        </Button>
      </Row>
      {error && <LoadFailed message={error} onRetry={load} />}
      <ResourceTable
        caption="Notificaciones"
        columns={columns}
        rows={items}
        rowKey={(n) => n.id}
        loading={loading && !data}
        empty={!loading && items.length === 0}
        emptyMessage="No hay notificaciones con estos filtros."
        busy={loading}
      />
    </>
  );
}
