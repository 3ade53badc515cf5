import { lazy } from 'react';
import type { BackofficeSection } from '../shared/kit/sections';

/* The sections' screens load on demand (a failed chunk download ends in RouteError's one-time reload). */
const catalogAdmin = () => import('./routes/CatalogAdminRoutes');
const UserDetailRoute = lazy(() => import('./routes/UserDetailRoute'));
const UsersListPage = lazy(() => import('../features/users/pages/UsersListPage'));
const QuotesListPage = lazy(() => import('../features/commercial/pages/QuotesListPage'));
const ReservationsListPage = lazy(() => import('../features/commercial/pages/ReservationsListPage'));
const ReservationDetailRoute = lazy(() => import('./routes/ReservationDetailRoute'));
const PaymentsLedgerPage = lazy(() => import('../features/audit/pages/PaymentsLedgerPage'));
const RoleChangesAuditPage = lazy(() => import('../features/role-history/pages/RoleChangesAuditPage'));
const MailboxPage = lazy(() => import('../features/mailbox/pages/MailboxPage'));
const EmailAdminPage = lazy(() => import('../features/email-admin/pages/EmailAdminPage'));
const FinancialParametersPage = lazy(() => import('../features/financial-parameters/pages/FinancialParametersPage'));
const UfValuesPage = lazy(() => import('../features/financial-parameters/pages/UfValuesPage'));
const RegistrationReviewPage = lazy(() => import('../features/company-registration/pages/RegistrationReviewPage'));
const CompaniesPage = lazy(() => import('../features/companies/pages/CompaniesPage'));
const BackofficeCompanyRoute = lazy(() => import('./routes/CompanyRoutes').then((m) => ({ default: m.BackofficeCompanyRoute })));
const CampaignsPage = lazy(() => import('../features/campaigns/pages/CampaignsPage'));
const DataRequestsDeskPage = lazy(() => import('../features/data-requests/pages/DataRequestsDeskPage'));
const DataRequestDetailPage = lazy(() => import('../features/data-requests/pages/DataRequestDetailPage'));
const MigrationDashboardPage = lazy(() => import('../features/migrations/pages/MigrationDashboardPage'));
const SiteContentPage = lazy(() => import('../features/site-content/pages/SiteContentPage'));
const LeadsPage = lazy(() => import('../features/leads/pages/LeadsPage'));
const LeadDetailPage = lazy(() => import('../features/leads/pages/LeadDetailPage'));
const SalesDashboardPage = lazy(() => import('../features/analytics/pages/SalesDashboardPage'));
const LeadDashboardPage = lazy(() => import('../features/analytics/pages/LeadDashboardPage'));
const LegalDocumentsAdminPage = lazy(() => import('../features/site-content/pages/LegalDocumentsAdminPage'));
export const ProjectImagesPage = lazy(() => import('../features/catalog-media/pages/ProjectImagesPage'));
export const FloorPlansPage = lazy(() => import('../features/catalog-media/pages/FloorPlansPage'));
export const ProjectImportPage = lazy(() => import('../features/catalog-media/pages/ProjectImportPage'));
const BackofficeProjectsRoute = lazy(() => catalogAdmin().then((m) => ({ default: m.BackofficeProjectsRoute })));
const BackofficeNewProjectRoute = lazy(() => catalogAdmin().then((m) => ({ default: m.BackofficeNewProjectRoute })));
const BackofficeProjectRoute = lazy(() => catalogAdmin().then((m) => ({ default: m.BackofficeProjectRoute })));
const BackofficeProjectUnitsRoute = lazy(() => catalogAdmin().then((m) => ({ default: m.BackofficeProjectUnitsRoute })));
const FeaturedRoute = lazy(() => catalogAdmin().then((m) => ({ default: m.FeaturedRoute })));
const NotificationCenterPage = lazy(() => import('../features/notifications/pages/NotificationCenterPage'));

/**
 * Every back-office section, declared once: its sidebar entry and card on the back-office home (group, label,
 * description), its screens (paths under the section's) and the permission that opens it. The router makes a
 * route of each screen guarded by that permission; the sidebar shows the section to whoever holds it.
 */
export const BACKOFFICE_SECTIONS: readonly BackofficeSection[] = [
  {
    group: 'Catálogo',
    label: 'Proyectos',
    path: '/backoffice/projects',
    screens: [
      { path: '', element: <BackofficeProjectsRoute /> },
      { path: 'new', element: <BackofficeNewProjectRoute /> },
      { path: ':projectId', element: <BackofficeProjectRoute /> },
      { path: ':projectId/units', element: <BackofficeProjectUnitsRoute /> },
      { path: ':projectId/images', element: <ProjectImagesPage projectsPath="/backoffice/projects" /> },
      { path: ':projectId/floor-plans', element: <FloorPlansPage projectsPath="/backoffice/projects" /> },
    ],
    permission: 'catalog:manage',
    description: 'Proyectos y sus unidades: datos, precios, habilitación para compradores.',
  },
  {
    group: 'Catálogo',
    label: 'Destacados',
    path: '/backoffice/featured',
    screens: [{ path: '', element: <FeaturedRoute /> }],
    permission: 'catalog:feature',
    description: 'Los proyectos que destaca la portada, y su orden.',
  },
  {
    group: 'Catálogo',
    label: 'Carga masiva',
    path: '/backoffice/project-imports',
    screens: [{ path: '', element: <ProjectImportPage /> }],
    permission: 'catalog:manage',
    description: 'Proyectos y unidades desde una plantilla CSV o Excel: avance, cancelación y filas rechazadas.',
  },
  {
    group: 'Comercial',
    label: 'Cotizaciones',
    path: '/backoffice/quotes',
    screens: [{ path: '', element: <QuotesListPage /> }],
    permission: 'commercial:read',
    description: 'Cotizaciones emitidas a los compradores: fechas, proyecto, comprador y vigencia.',
  },
  {
    group: 'Comercial',
    label: 'Reservas',
    path: '/backoffice/reservations',
    screens: [
      { path: '', element: <ReservationsListPage /> },
      { path: ':reservationId', element: <ReservationDetailRoute /> },
    ],
    permission: 'commercial:read',
    description: 'Reservas con su estado, el de su pago y el vencimiento de la retención; historial de cada una.',
  },
  {
    group: 'Comercial',
    label: 'Leads',
    path: '/backoffice/leads',
    screens: [
      { path: '', element: <LeadsPage /> },
      { path: ':leadId', element: <LeadDetailPage /> },
    ],
    permission: 'leads:read',
    description: 'Prospectos con filtros y exportación; estado con motivo, asesor y plazo de contacto de 24 horas.',
  },
  {
    group: 'Comercial',
    label: 'Dashboard de ventas',
    path: '/backoffice/sales-dashboard',
    screens: [{ path: '', element: <SalesDashboardPage /> }],
    permission: 'analytics:all',
    description: 'Reservas, ventas en UF y CLP, embudo, tasas y aportes de empresas por periodo.',
  },
  {
    group: 'Comercial',
    label: 'Dashboard de leads',
    path: '/backoffice/lead-dashboard',
    screens: [{ path: '', element: <LeadDashboardPage /> }],
    permission: 'analytics:all',
    description: 'Leads por estado, origen y asesor, puntaje y primer contacto frente a la promesa de 24 horas.',
  },
  {
    group: 'Empresas',
    label: 'Empresas',
    path: '/backoffice/companies',
    screens: [
      { path: '', element: <CompaniesPage /> },
      { path: ':companyId', element: <BackofficeCompanyRoute /> },
    ],
    permission: 'companies:manage',
    description: 'Empresas en convenio e inmobiliarias: perfil, colaboradores e importación.',
  },
  {
    group: 'Empresas',
    label: 'Solicitudes de empresas',
    path: '/backoffice/company-registrations',
    screens: [{ path: '', element: <RegistrationReviewPage /> }],
    permission: 'company-registrations:review',
    description: 'Revise las solicitudes de registro, sus documentos legales, y apruébelas o recházelas.',
  },
  {
    group: 'Empresas',
    label: 'Campañas',
    path: '/backoffice/campaigns',
    screens: [{ path: '', element: <CampaignsPage /> }],
    permission: 'campaigns:manage',
    description: 'Campañas de las empresas en convenio: borrador, lanzamiento, pausa, término e inscritos.',
  },
  {
    group: 'Configuración',
    label: 'Usuarios',
    path: '/backoffice/users',
    screens: [
      { path: '', element: <UsersListPage /> },
      { path: ':userId', element: <UserDetailRoute /> },
    ],
    permission: 'users:read',
    description: 'Busque usuarios, revise su estado y gestione sus roles.',
  },
  {
    group: 'Configuración',
    label: 'Parámetros financieros',
    path: '/backoffice/financial-parameters',
    screens: [{ path: '', element: <FinancialParametersPage /> }],
    permission: 'financial-parameters:manage',
    description: 'Tasas, seguros, impuestos, gastos y plazos que usan el simulador y las cotizaciones.',
  },
  {
    group: 'Configuración',
    label: 'Valor UF',
    path: '/backoffice/uf',
    screens: [{ path: '', element: <UfValuesPage /> }],
    permission: 'financial-parameters:manage',
    description: 'La tabla UF con su última actualización; registre o corrija el valor de un día.',
  },
  {
    group: 'Configuración',
    label: 'Contenido del sitio',
    path: '/backoffice/content',
    screens: [
      { path: '', element: <SiteContentPage /> },
      { path: ':section', element: <SiteContentPage /> },
    ],
    permission: 'content:manage',
    description: 'Portada pública: presentación, servicios, cifras, subsidios, testimonios y otros activos.',
  },
  {
    group: 'Configuración',
    label: 'Términos y privacidad',
    path: '/backoffice/legal',
    screens: [{ path: '', element: <LegalDocumentsAdminPage /> }],
    permission: 'content:manage',
    description: 'Publique nuevas versiones; rigen 10 días corridos después de publicadas.',
  },
  {
    group: 'Configuración',
    label: 'Migraciones',
    path: '/backoffice/migrations',
    screens: [{ path: '', element: <MigrationDashboardPage /> }],
    permission: 'projections:manage',
    description: 'Modelos de lectura, su atraso y reconstrucciones sin corte.',
  },
  {
    group: 'Comunicaciones',
    label: 'Administración de email',
    path: '/backoffice/email',
    screens: [
      { path: '', element: <EmailAdminPage /> },
      { path: ':tab', element: <EmailAdminPage /> },
    ],
    permission: 'email:manage',
    description: 'Servidor SMTP, entrega, plantillas, correo de prueba, historial, fallidos y analítica.',
  },
  {
    group: 'Comunicaciones',
    label: 'Centro de notificaciones',
    path: '/backoffice/notifications',
    screens: [{ path: '', element: <NotificationCenterPage /> }],
    permission: 'backoffice:access',
    description: 'Sus notificaciones por prioridad y categoría, y sus preferencias de aviso.',
  },
  {
    group: 'Comunicaciones',
    label: 'Correos',
    path: '/backoffice/mailbox',
    screens: [{ path: '', element: <MailboxPage /> }],
    permission: 'mailbox:read',
    description: 'Correos capturados por el servidor SMTP de desarrollo.',
  },
  {
    group: 'Auditoría',
    label: 'Auditoría de roles',
    path: '/backoffice/role-changes',
    screens: [{ path: '', element: <RoleChangesAuditPage /> }],
    permission: 'audit:read',
    description: 'Todos los cambios de roles, con su autor, fecha y motivo.',
  },
  {
    // Auditoría, not Configuración: the desk answers people's legal rights and keeps each answer's trail
    // (who verified, completed or rejected, when and why), which is what an auditor of Ley 21.719 reviews.
    group: 'Auditoría',
    label: 'Solicitudes de datos personales',
    path: '/backoffice/data-requests',
    screens: [
      { path: '', element: <DataRequestsDeskPage /> },
      { path: ':requestId', element: <DataRequestDetailPage /> },
    ],
    permission: 'data-requests:manage',
    description: 'Derechos de la Ley 21.719: plazo legal de 30 días, verificación de identidad, respuesta y su historial.',
  },
  {
    group: 'Auditoría',
    label: 'Pagos',
    path: '/backoffice/payments',
    screens: [{ path: '', element: <PaymentsLedgerPage /> }],
    permission: 'audit:read',
    description: 'Cada intento de pago de cada reserva, con los códigos de la pasarela, confirmaciones y reembolsos.',
  },
];
