import { UserRoleHistory } from '../../features/role-history/components/UserRoleHistory';
import { selectHasPermission, selectRoleNames, type SessionState } from '../../features/session/slice';
import UserDetailPage from '../../features/users/pages/UserDetailPage';
import { useParams } from 'react-router-dom';
import { HistoryTab } from '../../shared/kit/HistoryTab';
import { useAppSelector } from '../../shared/store/StoreProvider';
import { Card } from '../../shared/ui/layout';

type Root = { session: SessionState };

const history = (userId: string) => <UserRoleHistory userId={userId} />;

/** The user detail (users feature) with its role history (role-history feature) and its whole Historial (kit), composed here. */
export default function UserDetailRoute() {
  const canManageRoles = useAppSelector((s: Root) => selectHasPermission(s, 'roles:manage'));
  const canReadAudit = useAppSelector((s: Root) => selectHasPermission(s, 'audit:read') || selectHasPermission(s, 'users:read'));
  const canManageUsers = useAppSelector((s: Root) => selectHasPermission(s, 'users:manage'));
  const canReadHistory = useAppSelector((s: Root) => selectHasPermission(s, 'history:read'));
  const actorRoles = useAppSelector((s: Root) => selectRoleNames(s));
  const { userId = '' } = useParams();
  return (
    <>
      <UserDetailPage canManageRoles={canManageRoles} canManageUsers={canManageUsers} actorRoles={actorRoles} history={canReadAudit ? history : undefined} />
      {canReadHistory && userId && (
        <Card aria-labelledby="historial-cuenta">
          <h2 id="historial-cuenta">Historial</h2>
          <HistoryTab entity="user" id={userId} caption="Historial de la cuenta y sus roles" />
        </Card>
      )}
    </>
  );
}
