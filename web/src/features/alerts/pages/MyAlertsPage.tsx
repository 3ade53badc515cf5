import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { formatDate } from '../../../shared/format/format';
import { useDocumentTitle } from '../../../shared/hooks/useDocumentTitle';
import { useAppDispatch, useAppSelector } from '../../../shared/store/StoreProvider';
import { Button } from '../../../shared/ui/Button';
import { Badge, Muted } from '../../../shared/ui/layout';
import { ResourceTable, type ResourceColumn } from '../../../shared/kit/ResourceTable';
import type { MyAlert } from '../api/alerts-api';
import { alertScopeLabel, removeAlertLabel } from '../labels';
import { alertRemoveRequested, myAlertsRequested, selectMyAlerts, selectRemovingAlerts } from '../slice';
import { LoadFailed } from '../../../shared/ui/LoadFailed';

const projectPath = (projectId: string, unitId: string | null) =>
  `/projects/${encodeURIComponent(projectId)}${unitId ? `?unit=${encodeURIComponent(unitId)}` : ''}`;

function AlertStatus({ alert }: { alert: MyAlert }) {
  if (alert.status === 'active') return <Badge $tone="info">Activa</Badge>;
  return (
    <>
      <Badge $tone="success">Avisada el {formatDate(alert.notifiedAt)}</Badge>
      {alert.notifiedUnitNumber && (
        <>
          <br />
          Se liberó la{' '}
          {alert.notifiedUnitId ? (
            <Link to={projectPath(alert.projectId, alert.notifiedUnitId)}>unidad {alert.notifiedUnitNumber}</Link>
          ) : (
            <>unidad {alert.notifiedUnitNumber}</>
          )}
        </>
      )}
    </>
  );
}

/** My availability alerts ("Avisarme si se libera"): waiting or already notified, each one removable. */
export default function MyAlertsPage() {
  useDocumentTitle('Mis alertas');
  const dispatch = useAppDispatch();
  const mine = useAppSelector(selectMyAlerts);
  const removing = useAppSelector(selectRemovingAlerts);
  const caption = useRef<HTMLTableCaptionElement>(null);
  /** The alert whose button had focus: when its row goes, focus moves to the table instead of being lost. */
  const [removedHere, setRemovedHere] = useState<string | null>(null);

  useEffect(() => {
    dispatch(myAlertsRequested());
  }, [dispatch]);

  useEffect(() => {
    if (!removedHere || removing.includes(removedHere)) return;
    if (!mine.items.some((a) => a.id === removedHere)) caption.current?.focus();
    setRemovedHere(null);
  }, [removedHere, removing, mine.items]);

  const remove = (alertId: string) => {
    setRemovedHere(alertId);
    dispatch(alertRemoveRequested({ alertId }));
  };

  const columns: readonly ResourceColumn<MyAlert>[] = [
    { header: 'Proyecto', rowHeader: true, cell: (a) => <Link to={projectPath(a.projectId, a.unitId)}>{a.projectName}</Link> },
    { header: 'Unidad', cell: alertScopeLabel },
    { header: 'Creada', cell: (a) => formatDate(a.createdAt) },
    { header: 'Estado', cell: (a) => <AlertStatus alert={a} /> },
    {
      header: 'Acciones',
      cell: (a) => (
        <Button variant="ghost" busy={removing.includes(a.id)} busyLabel="Quitando..." aria-label={removeAlertLabel(a)} onClick={() => remove(a.id)}>
          Quitar alerta
        </Button>
      ),
    },
  ];

  return (
    <>
      <h1>Mis alertas</h1>
      <Muted>Le avisamos por correo una sola vez, cuando la unidad (o una unidad del proyecto) queda disponible para reservar.</Muted>
      {mine.status === 'failed' && mine.error && <LoadFailed message={mine.error.message} onRetry={() => dispatch(myAlertsRequested())} />}
      <ResourceTable
        caption="Alertas de disponibilidad"
        captionRef={caption}
        columns={columns}
        rows={mine.items}
        rowKey={(a) => a.id}
        loading={mine.status === 'loading' && mine.items.length === 0}
        empty={mine.status === 'loaded' && mine.items.length === 0}
        busy={mine.status === 'loading'}
        emptyMessage={
          <>
            No tiene alertas. En la ficha de un proyecto, use "Avisarme si se libera" en una unidad no disponible.{' '}
            <Link to="/projects">Explorar proyectos</Link>
          </>
        }
      />
    </>
  );
}
