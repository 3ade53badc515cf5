import { useMemo } from 'react';
import { selectGrants, selectHasPermission, selectIsAuthenticated, selectRoleNames, type SessionState } from '../../features/session/slice';
import { homePathFor } from '../../shared/auth/roles';
import { useAppSelector } from '../../shared/store/StoreProvider';
import { SectionSidebar } from '../../shared/kit/SectionSidebar';
import { visibleSectionGroups, type SectionGroupEntries } from '../../shared/kit/sections';
import { BACKOFFICE_SECTIONS } from './backoffice-sections';
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

/** The back-office sections these permissions open, grouped as the spec groups them. */
export function useBackofficeSections(): SectionGroupEntries[] {
  const grants = useAppSelector((s: Root) => selectGrants(s));
  return useMemo(() => visibleSectionGroups(BACKOFFICE_SECTIONS, grants), [grants]);
}

/**
 * The back office: a grouped sidebar with only the sections the user's permissions open; the header keeps
 * the way back to the other areas.
 */
export function BackofficeShell() {
  const groups = useBackofficeSections();
  const otherAreas = useOtherAreas('backoffice');
  return (
    <Shell
      nav={[{ to: '/backoffice', label: 'Back office', end: true }, ...otherAreas]}
      navLabel="Áreas"
      sidebar={<SectionSidebar label="Navegación del back office" home={{ path: '/backoffice', label: 'Inicio' }} groups={groups} />}
    />
  );
}
