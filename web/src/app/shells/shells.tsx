import { useMemo } from 'react';
import { selectGrants, selectHasPermission, selectIsAuthenticated, selectRoleNames, type SessionState } from '../../features/session/slice';
import { hasPermission, homePathFor } from '../../shared/auth/roles';
import { useAppSelector } from '../../shared/store/StoreProvider';
import { SectionSidebar } from '../../shared/kit/SectionSidebar';
import { visibleSectionGroups, type SectionGroup, type SidebarEntry, type SectionGroupEntries } from '../../shared/kit/sections';
import { BACKOFFICE_SECTIONS } from '../backoffice-sections';
import { OwnCompanyProvider, useOwnCompany } from '../routes/own-company';
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
 * The other areas a person's permissions open (an advisor lands on /dashboard, yet works leads in the back office):
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

/** The buyer area's links; a link whose permission the person lacks is left out (an auditor holds none of these). */
const BUYER_NAV: readonly (NavItem & { permission?: string })[] = [
  { to: '/dashboard', label: 'Mi panel', end: true },
  { to: '/projects', label: 'Proyectos' },
  { to: '/dashboard/favorites', label: 'Favoritos', permission: 'favorites:manage' },
  { to: '/dashboard/quotes', label: 'Cotizaciones', permission: 'quotes:manage' },
  { to: '/dashboard/reservations', label: 'Reservas', permission: 'reservations:create' },
  { to: '/dashboard/alerts', label: 'Alertas', permission: 'alerts:manage' },
  { to: '/dashboard/documents', label: 'Documentos', permission: 'quotes:manage' },
  // "Mi perfil" is the person's name in the header (UserMenu), which keeps this row to one line.
];

export function BuyerShell() {
  const otherAreas = useOtherAreas('buyer');
  const grants = useAppSelector((s: Root) => selectGrants(s));
  const nav = useMemo(
    () => BUYER_NAV.filter((item) => !item.permission || hasPermission(grants, item.permission)).map(({ permission: _p, ...item }) => item),
    [grants],
  );
  return <Shell navLabel="Navegación de mi cuenta" nav={[...otherAreas, ...nav]} />;
}

/** The company portal: its menu follows the company's kind (only a real-estate company publishes projects). */
export function CompanyPortalShell() {
  return (
    <OwnCompanyProvider>
      <CompanyPortalFrame />
    </OwnCompanyProvider>
  );
}

function CompanyPortalFrame() {
  const otherAreas = useOtherAreas('company');
  const own = useOwnCompany();
  const kind = own.status === 'loaded' ? own.company.kind : null;
  const entry = (group: SectionGroup, label: string, path: string): SidebarEntry => ({
    group,
    label,
    path,
    permission: 'company-portal:access',
    description: label,
  });
  // A sidebar, as the back office has: a real-estate company's eight screens do not fit one header row at 1366 px.
  const groups: SectionGroupEntries[] = [
    ...(kind === 'real_estate'
      ? [
          {
            group: 'Catálogo' as const,
            sections: [entry('Catálogo', 'Publicaciones', '/company-portal/listings'), entry('Catálogo', 'Carga masiva', '/company-portal/project-imports')],
          },
        ]
      : []),
    {
      group: 'Comercial',
      sections: [
        ...(kind ? [entry('Comercial', 'Cotizaciones', '/company-portal/quotes'), entry('Comercial', 'Reservas', '/company-portal/reservations')] : []),
        entry('Comercial', 'Analítica', '/company-portal/analytics'),
      ],
    },
    {
      group: 'Configuración',
      sections: [
        entry('Configuración', 'Equipo', '/company-portal/team'),
        entry('Configuración', kind === 'employer' ? 'Colaboradores y configuración' : 'Configuración', '/company-portal/settings'),
      ],
    },
  ];
  return (
    <Shell
      nav={[{ to: '/company-portal', label: 'Portal empresa', end: true }, ...otherAreas]}
      navLabel="Áreas"
      sidebar={<SectionSidebar label="Navegación del portal de empresas" home={{ path: '/company-portal', label: 'Panel' }} groups={groups} />}
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
