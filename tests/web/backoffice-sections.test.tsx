import './support/render';
import type { ReactElement } from 'react';
import type { RouteObject } from 'react-router-dom';
import { permissionsOf, ROLE_PERMISSIONS } from '../../domain/access/permissions';
import { BACKOFFICE_SECTIONS } from '../../web/src/app/backoffice-sections';
import { routes, sectionRoutes } from '../../web/src/app/router';
import { visibleSectionGroups, type BackofficeSection } from '../../web/src/shared/kit/sections';

/** The back office's routes under /backoffice: path and the permission its guard asks for. */
const backofficeRoutes = (): { path: string; permission: string }[] => {
  const backoffice = routes[0].children!.find((r) => r.path === 'backoffice')!;
  return (backoffice.children as RouteObject[])
    .filter((r) => !r.index)
    .map((r) => ({ path: r.path!, permission: (r.element as ReactElement<{ permission: string }>).props.permission }));
};

describe('back-office sections, each declared once', () => {
  const labels = (grants: readonly string[]) => visibleSectionGroups(BACKOFFICE_SECTIONS, grants).map((g) => [g.group, g.sections.map((s) => s.label)]);

  it('shows each role only the sections its permissions open, grouped in the spec order', () => {
    expect(labels(permissionsOf(['admin']))).toEqual([
      ['Catálogo', ['Proyectos', 'Destacados', 'Carga masiva']],
      ['Comercial', ['Cotizaciones', 'Reservas', 'Leads', 'Dashboard de ventas', 'Dashboard de leads']],
      ['Empresas', ['Empresas', 'Solicitudes de empresas', 'Campañas']],
      ['Configuración', ['Usuarios', 'Parámetros financieros', 'Valor UF', 'Contenido del sitio', 'Términos y privacidad']],
      ['Comunicaciones', ['Administración de email', 'Centro de notificaciones', 'Correos']],
      ['Auditoría', ['Auditoría de roles', 'Pagos']],
    ]);
    expect(labels(permissionsOf(['auditor']))).toEqual([
      ['Comercial', ['Cotizaciones', 'Reservas', 'Leads', 'Dashboard de ventas', 'Dashboard de leads']],
      ['Configuración', ['Usuarios']],
      ['Comunicaciones', ['Centro de notificaciones']],
      ['Auditoría', ['Auditoría de roles', 'Pagos']],
    ]);
    expect(labels(permissionsOf(['collaborator']))).toEqual([]);
    expect(labels(['*']).flatMap(([, s]) => s)).toHaveLength(BACKOFFICE_SECTIONS.length);
  });

  it('orders groups as the spec lists them, whatever the order of the data', () => {
    const sections: BackofficeSection[] = [
      { group: 'Auditoría', label: 'B', path: '/b', permission: 'x', description: '', screens: [] },
      { group: 'Catálogo', label: 'A', path: '/a', permission: 'x', description: '', screens: [] },
    ];
    expect(visibleSectionGroups(sections, ['x']).map((g) => g.group)).toEqual(['Catálogo', 'Auditoría']);
  });

  it("makes every back-office route from a section's screens, guarded by that section's permission", () => {
    const fromSections = BACKOFFICE_SECTIONS.flatMap((section) =>
      section.screens.map((screen) => ({
        path: [section.path.replace('/backoffice/', ''), screen.path].filter(Boolean).join('/'),
        permission: section.permission,
      })),
    );
    expect(backofficeRoutes()).toEqual(fromSections);
    expect(new Set(fromSections.map((r) => r.path)).size).toBe(fromSections.length);
    for (const section of BACKOFFICE_SECTIONS)
      expect(backofficeRoutes()).toContainEqual({ path: section.path.replace('/backoffice/', ''), permission: section.permission });
  });

  it('a new section is one entry: its route and sidebar entry appear for exactly the roles holding its permission', () => {
    const section: BackofficeSection = {
      group: 'Auditoría',
      label: 'Bitácora',
      path: '/backoffice/log',
      permission: 'audit:read',
      description: 'Una sección de prueba.',
      screens: [
        { path: '', element: <p>Bitácora</p> },
        { path: ':entryId', element: <p>Entrada</p> },
      ],
    };
    const guarded = sectionRoutes(section).map((r) => ({ path: r.path, permission: (r.element as ReactElement<{ permission: string }>).props.permission }));
    expect(guarded).toEqual([
      { path: 'log', permission: 'audit:read' },
      { path: 'log/:entryId', permission: 'audit:read' },
    ]);
    for (const role of Object.keys(ROLE_PERMISSIONS)) {
      const grants = permissionsOf([role]);
      const shown = visibleSectionGroups([section], grants).length > 0;
      expect([role, shown]).toEqual([role, grants.includes('*') || grants.includes('audit:read')]);
    }
  });
});
