import { selectHasPermission, selectIsAuthenticated, selectRoleNames, type SessionState } from '../../features/session/slice';
import { homePathFor } from '../../shared/auth/roles';
import { useAppSelector } from '../../shared/store/StoreProvider';
import { Shell, type NavItem } from './Shell';

type Root = { session: SessionState };

export function PublicShell() {
  const authenticated = useAppSelector((s: Root) => selectIsAuthenticated(s));
  const roles = useAppSelector((s: Root) => selectRoleNames(s));
  const nav: NavItem[] = [
    { to: '/', label: 'Inicio', end: true },
    { to: '/projects', label: 'Proyectos' },
    { to: '/contact', label: 'Contacto' },
  ];
  if (authenticated) nav.push({ to: homePathFor(roles), label: 'Mi cuenta' });
  return <Shell nav={nav} navLabel="Navegación principal" />;
}

export function BuyerShell() {
  return (
    <Shell
      navLabel="Navegación de mi cuenta"
      nav={[
        { to: '/dashboard', label: 'Mi panel', end: true },
        { to: '/projects', label: 'Proyectos' },
        { to: '/dashboard/favorites', label: 'Favoritos' },
        { to: '/dashboard/quotes', label: 'Cotizaciones' },
        { to: '/dashboard/reservations', label: 'Reservas' },
        { to: '/dashboard/alerts', label: 'Alertas' },
        { to: '/dashboard/documents', label: 'Documentos' },
        // "Mi perfil" is the person's name in the header (UserMenu), which keeps this row to one line.
      ]}
    />
  );
}

export function CompanyPortalShell() {
  return (
    <Shell
      navLabel="Navegación del portal de empresas"
      nav={[
        { to: '/company-portal', label: 'Panel', end: true },
        { to: '/company-portal/listings', label: 'Publicaciones' },
        { to: '/company-portal/analytics', label: 'Analítica' },
        { to: '/company-portal/team', label: 'Equipo' },
        { to: '/company-portal/settings', label: 'Configuración' },
      ]}
    />
  );
}

/** Back-office navigation shows only the sections the user's permissions open. */
export function BackofficeShell() {
  const canReadUsers = useAppSelector((s: Root) => selectHasPermission(s, 'users:read'));
  const canAudit = useAppSelector((s: Root) => selectHasPermission(s, 'audit:read'));
  const canReadMail = useAppSelector((s: Root) => selectHasPermission(s, 'mailbox:read'));
  const nav: NavItem[] = [{ to: '/backoffice', label: 'Inicio', end: true }];
  if (canReadUsers) nav.push({ to: '/backoffice/users', label: 'Usuarios' });
  if (canAudit) nav.push({ to: '/backoffice/role-changes', label: 'Auditoría de roles' });
  if (canReadMail) nav.push({ to: '/backoffice/mailbox', label: 'Correos' });
  return <Shell nav={nav} navLabel="Navegación del back office" />;
}
