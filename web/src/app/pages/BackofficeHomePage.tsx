import { selectHasPermission, selectSessionUser, type SessionState } from '../../features/session/slice';
import { useDocumentTitle } from '../../shared/hooks/useDocumentTitle';
import { useAppSelector } from '../../shared/store/StoreProvider';
import { Card, Grid, Muted, TextLink } from '../../shared/ui/layout';

type Root = { session: SessionState };

export default function BackofficeHomePage() {
  useDocumentTitle('Back office');
  const user = useAppSelector((s: Root) => selectSessionUser(s));
  const canReadUsers = useAppSelector((s: Root) => selectHasPermission(s, 'users:read'));
  const canAudit = useAppSelector((s: Root) => selectHasPermission(s, 'audit:read'));
  const canReadMail = useAppSelector((s: Root) => selectHasPermission(s, 'mailbox:read'));
  return (
    <>
      <h1>Back office</h1>
      <Muted>Bienvenido{user?.name ? `, ${user.name}` : ''}. Elija una sección para comenzar.</Muted>
      <Grid $min="260px">
        {canReadUsers && (
          <Card aria-labelledby="bo-usuarios">
            <h2 id="bo-usuarios">Usuarios</h2>
            <Muted>Busque usuarios, revise su estado y gestione sus roles.</Muted>
            <TextLink to="/backoffice/users">Ir a usuarios</TextLink>
          </Card>
        )}
        {canAudit && (
          <Card aria-labelledby="bo-auditoria">
            <h2 id="bo-auditoria">Auditoría de roles</h2>
            <Muted>Todos los cambios de roles, con su autor, fecha y motivo.</Muted>
            <TextLink to="/backoffice/role-changes">Ir a la auditoría</TextLink>
          </Card>
        )}
        {canReadMail && (
          <Card aria-labelledby="bo-correos">
            <h2 id="bo-correos">Correos</h2>
            <Muted>Correos capturados por el servidor SMTP de desarrollo.</Muted>
            <TextLink to="/backoffice/mailbox">Ir a correos</TextLink>
          </Card>
        )}
      </Grid>
    </>
  );
}
