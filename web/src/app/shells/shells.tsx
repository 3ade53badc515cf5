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

/**
 * The other areas a person's permissions open (an auditor lands on /dashboard, yet may read the back office):
 * every shell links to them, so nobody has to know a URL.
 */
function useOtherAreas(current: 'buyer' | 'backoffice' | 'company'): NavItem[] {
  const backoffice = useAppSelector((s: Root) => selectHasPermission(s, 'backoffice:access'));
  const companyPortal = useAppSelector((s: Root) => selectHasPermission(s, 'company-portal:access'));
  const areas: NavItem[] = [];
  if (backoffice && current !== 'backoffice') areas.push({ to: '/backoffice', label: 'Back office' });
  if (companyPortal && current !== 'company') areas.push({ to: '/company-portal', label: 'Portal empresa' });
  return areas;
}

export function BuyerShell() {
  const otherAreas = useOtherAreas('buyer');
  return (
    <Shell
      navLabel="Navegación de mi cuenta"
      nav={[
        ...otherAreas,
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
  const otherAreas = useOtherAreas('company');
  return (
    <Shell
      navLabel="Navegación del portal de empresas"
      nav={[
        ...otherAreas,
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
  nav.push(...useOtherAreas('backoffice'));
  return <Shell nav={nav} navLabel="Navegación del back office" />;
}
