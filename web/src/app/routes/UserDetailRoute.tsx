import { UserRoleHistory } from '../../features/role-history/components/UserRoleHistory';
import { selectHasPermission, selectRoleNames, type SessionState } from '../../features/session/slice';
import UserDetailPage from '../../features/users/pages/UserDetailPage';
import { useAppSelector } from '../../shared/store/StoreProvider';

type Root = { session: SessionState };

const history = (userId: string) => <UserRoleHistory userId={userId} />;

/** The user detail (users feature) with its role history (role-history feature), composed here. */
export default function UserDetailRoute() {
  const canManageRoles = useAppSelector((s: Root) => selectHasPermission(s, 'roles:manage'));
  const canReadAudit = useAppSelector((s: Root) => selectHasPermission(s, 'audit:read') || selectHasPermission(s, 'users:read'));
  const canManageUsers = useAppSelector((s: Root) => selectHasPermission(s, 'users:manage'));
  const actorRoles = useAppSelector((s: Root) => selectRoleNames(s));
  return <UserDetailPage canManageRoles={canManageRoles} canManageUsers={canManageUsers} actorRoles={actorRoles} history={canReadAudit ? history : undefined} />;
}
