import { useEffect } from 'react';
import { useAppDispatch, useAppSelector } from '../../../shared/store/StoreProvider';
import { Alert } from '../../../shared/ui/Alert';
import { Button } from '../../../shared/ui/Button';
import { Skeleton } from '../../../shared/ui/Skeleton';
import { selectUserHistory, userHistoryRequested } from '../slice';
import { RoleHistoryTable } from './RoleHistoryTable';

export function UserRoleHistory({ userId }: { userId: string }) {
  const dispatch = useAppDispatch();
  const history = useAppSelector((state: Parameters<typeof selectUserHistory>[0]) => selectUserHistory(state, userId));

  useEffect(() => {
    dispatch(userHistoryRequested({ userId }));
  }, [dispatch, userId]);

  if (history.status === 'failed' && history.error) {
    return (
      <Alert kind="error">
        <p>{history.error.message}</p>
        <p>
          <Button onClick={() => dispatch(userHistoryRequested({ userId }))}>Reintentar</Button>
        </p>
      </Alert>
    );
  }
  if (history.status === 'loading' && history.items.length === 0) {
    return (
      <div aria-busy="true" aria-label="Cargando historial">
        <Skeleton />
      </div>
    );
  }
  return <RoleHistoryTable items={history.items} caption="Cambios de roles del usuario" />;
}
