import { useState, type ReactNode } from 'react';
import { useParams } from 'react-router-dom';
import { roleChangeRights, roleLabel } from '../../../shared/auth/roles';
import { formatDate, formatPhone, formatRut } from '../../../shared/format/format';
import { useDocumentTitle } from '../../../shared/hooks/useDocumentTitle';
import { ResourceError, useResource } from '../../../shared/kit/useResource';
import { Alert } from '../../../shared/ui/Alert';
import { Badge, Card, DescriptionList, TextLink } from '../../../shared/ui/layout';
import { Skeleton } from '../../../shared/ui/Skeleton';
import { AccountStatus } from '../components/AccountStatus';
import { RolesEditor } from '../components/RolesEditor';
import { postLabel, statusLabel } from '../labels';
import { fetchRoles, fetchUser } from '../api/users-api';

export interface UserDetailPageProps {
  /** Holders of 'roles:manage' edit roles; everyone else sees them read-only with a notice. */
  readonly canManageRoles: boolean;
  /** Holders of 'users:manage' may disable or enable accounts they outrank. */
  readonly canManageUsers?: boolean;
  /** The signed-in person's roles: the form offers only the roles they outrank. */
  readonly actorRoles: readonly string[];
  /** The role-change history, composed in by the app (another feature). */
  readonly history?: (userId: string) => ReactNode;
}

export default function UserDetailPage({ canManageRoles, canManageUsers = false, actorRoles, history }: UserDetailPageProps) {
  const { userId = '' } = useParams();
  const detail = useResource(`user:${userId}`, (api) => fetchUser(api, userId));
  const catalogue = useResource('roles', fetchRoles);
  /** The user whose last role change answered 412: said above the form, which is read again. */
  const [conflictedUser, setConflictedUser] = useState<string | null>(null);
  const user = detail.data?.user.id === userId ? detail.data.user : null;
  const etag = user ? detail.data?.etag : null;
  const name = user ? [user.name, user.firstLastName, user.secondLastName].filter(Boolean).join(' ') : '';
  useDocumentTitle(name || 'Detalle de usuario');
  const rightsOver = (roles: readonly string[]) => roleChangeRights(actorRoles, roles);

  return (
    <>
      <p>
        <TextLink to="/backoffice/users">← Volver a usuarios</TextLink>
      </p>
      <h1>{name || 'Detalle de usuario'}</h1>
      <ResourceError resource={detail} />
      {!user && detail.status === 'loading' && (
        <Card aria-busy="true" aria-label="Cargando usuario">
          <Skeleton $height="1.25rem" $width="50%" />
          <br />
          <Skeleton />
          <br />
          <Skeleton $width="70%" />
        </Card>
      )}
      {user && (
        <>
          <Card aria-labelledby="datos-usuario">
            <h2 id="datos-usuario">Datos del usuario</h2>
            <DescriptionList>
              <dt>Email</dt>
              <dd>{user.email}</dd>
              <dt>Email personal</dt>
              <dd>{user.personalEmail || '—'}</dd>
              <dt>RUT</dt>
              <dd>{formatRut(user.rut)}</dd>
              <dt>Teléfono</dt>
              <dd>{user.phone ? formatPhone(user.phone) : '—'}</dd>
              <dt>Cargo</dt>
              <dd>{postLabel(user.post)}</dd>
              <dt>Estado</dt>
              <dd>
                <Badge $tone={user.status === 'active' ? 'success' : user.status === 'disabled' ? 'danger' : 'warning'}>{statusLabel(user.status)}</Badge>
              </dd>
              <dt>Email verificado</dt>
              <dd>{user.verified ? 'Sí' : 'No'}</dd>
              <dt>Fecha de registro</dt>
              <dd>{formatDate(user.joinedAt)}</dd>
            </DescriptionList>
            {canManageUsers && rightsOver(user.roles).mayEditUser && (
              <p>
                <AccountStatus user={user} onChanged={detail.reload} />
              </p>
            )}
          </Card>
          <Card aria-labelledby="roles-usuario">
            <h2 id="roles-usuario">Roles</h2>
            <p>Roles actuales: {user.roles.length > 0 ? user.roles.map(roleLabel).join(', ') : 'sin roles'}</p>
            {canManageRoles && etag && rightsOver(user.roles).mayEditUser ? (
              <RolesEditor
                key={etag}
                user={user}
                etag={etag}
                mayTouch={rightsOver(user.roles).mayTouch}
                catalogue={catalogue.data ?? []}
                conflicted={conflictedUser === userId}
                onConflict={() => {
                  setConflictedUser(userId);
                  detail.reload();
                }}
                onSaved={() => {
                  setConflictedUser(null);
                  detail.reload();
                }}
              />
            ) : canManageRoles ? (
              <Alert kind="info">
                <p>Este usuario tiene un rol igual o superior al suyo: solo un rol superior puede modificar sus roles.</p>
              </Alert>
            ) : (
              <Alert kind="info">
                <p>Solo los administradores pueden modificar los roles de un usuario.</p>
              </Alert>
            )}
          </Card>
          {history && (
            <Card aria-labelledby="historial-roles">
              <h2 id="historial-roles">Historial de cambios de roles</h2>
              {history(user.id)}
            </Card>
          )}
        </>
      )}
    </>
  );
}
