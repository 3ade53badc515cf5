import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { formatDate } from '../../../shared/format/format';
import { useDocumentTitle } from '../../../shared/hooks/useDocumentTitle';
import { toastRequested } from '../../../shared/events';
import { ConfirmDialog } from '../../../shared/kit/ConfirmDialog';
import { useConfirmedAction } from '../../../shared/kit/useConfirmedAction';
import { ResourceError, resourceOf, tableState } from '../../../shared/kit/useResource';
import { answerOf } from '../../../shared/api/platform-api';
import { useAppDispatch } from '../../../shared/store/StoreProvider';
import { Button } from '../../../shared/ui/Button';
import { Badge, Muted } from '../../../shared/ui/layout';
import { ResourceTable, type ResourceColumn } from '../../../shared/kit/ResourceTable';
import { useMyAlertsQuery, useRemoveAlertMutation, type MyAlert } from '../api/alerts-api';
import { ALERT_REMOVED_MESSAGE, alertScopeLabel, removeAlertLabel } from '../labels';

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

/** My availability alerts ("Avisarme si se libera"): waiting or already notified, each one removable after a confirmation. */
export default function MyAlertsPage() {
  useDocumentTitle('Mis alertas');
  const dispatch = useAppDispatch();
  const mine = resourceOf(useMyAlertsQuery(), (answer) => answer.items);
  const [removeAlert] = useRemoveAlertMutation();
  const caption = useRef<HTMLTableCaptionElement>(null);
  /** The alert just removed: when its row goes, focus moves to the table instead of being lost. */
  const [removed, setRemoved] = useState<string | null>(null);
  const remove = useConfirmedAction(async (alert: MyAlert) => {
    await answerOf(removeAlert({ params: { id: alert.id } }));
    dispatch(toastRequested({ kind: 'success', message: ALERT_REMOVED_MESSAGE }));
    setRemoved(alert.id);
  }, mine.reload);

  useEffect(() => {
    if (!removed || mine.status !== 'loaded' || mine.data?.some((a) => a.id === removed)) return;
    caption.current?.focus();
    setRemoved(null);
  }, [removed, mine.status, mine.data]);

  const columns: readonly ResourceColumn<MyAlert>[] = [
    { header: 'Proyecto', rowHeader: true, cell: (a) => <Link to={projectPath(a.projectId, a.unitId)}>{a.projectName}</Link> },
    { header: 'Unidad', cell: alertScopeLabel },
    { header: 'Creada', cell: (a) => formatDate(a.createdAt) },
    { header: 'Estado', cell: (a) => <AlertStatus alert={a} /> },
    {
      header: 'Acciones',
      cell: (a) => (
        <Button variant="ghost" aria-label={removeAlertLabel(a)} onClick={() => remove.ask(a)}>
          Quitar alerta
        </Button>
      ),
    },
  ];

  return (
    <>
      <h1>Mis alertas</h1>
      <Muted>Le avisamos por correo una sola vez, cuando la unidad (o una unidad del proyecto) queda disponible para reservar.</Muted>
      <ResourceError resource={mine} />
      <ResourceTable
        caption="Alertas de disponibilidad"
        captionRef={caption}
        columns={columns}
        rowKey={(a) => a.id}
        {...tableState(mine)}
        emptyMessage={
          <>
            No tiene alertas. En la ficha de un proyecto, use "Avisarme si se libera" en una unidad no disponible.{' '}
            <Link to="/projects">Explorar proyectos</Link>
          </>
        }
      />
      <ConfirmDialog {...remove.dialog} title="Quitar alerta" confirmLabel="Quitar alerta" cancelLabel="Volver" busyLabel="Quitando..." danger>
        <p>{remove.target && `¿${removeAlertLabel(remove.target)}? Ya no le avisaremos por correo.`}</p>
      </ConfirmDialog>
    </>
  );
}
