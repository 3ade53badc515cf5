import type { BackofficeSection } from '../../shared/kit/sections';

/**
 * Every back-office section that exists today. A new section is one entry here plus its route (router.tsx,
 * guarded by the same permission): the sidebar and the back-office home follow.
 */
export const BACKOFFICE_SECTIONS: readonly BackofficeSection[] = [
  {
    group: 'Comercial',
    label: 'Leads',
    path: '/backoffice/leads',
    permission: 'leads:read',
    description: 'Prospectos con filtros y exportación; estado con motivo, asesor y plazo de contacto de 24 horas.',
  },
  {
    group: 'Comercial',
    label: 'Dashboard de ventas',
    path: '/backoffice/sales-dashboard',
    permission: 'analytics:all',
    description: 'Reservas, ventas en UF y CLP, embudo, tasas y aportes de empresas por periodo.',
  },
  {
    group: 'Comercial',
    label: 'Dashboard de leads',
    path: '/backoffice/lead-dashboard',
    permission: 'analytics:all',
    description: 'Leads por estado, origen y asesor, puntaje y primer contacto frente a la promesa de 24 horas.',
  },
  {
    group: 'Empresas',
    label: 'Empresas',
    path: '/backoffice/companies',
    permission: 'companies:manage',
    description: 'Empresas en convenio e inmobiliarias: perfil, colaboradores e importación.',
  },
  {
    group: 'Empresas',
    label: 'Solicitudes de empresas',
    path: '/backoffice/company-registrations',
    permission: 'company-registrations:review',
    description: 'Revise las solicitudes de registro, sus documentos legales, y apruébelas o recházelas.',
  },
  {
    group: 'Empresas',
    label: 'Campañas',
    path: '/backoffice/campaigns',
    permission: 'campaigns:manage',
    description: 'Campañas de las empresas en convenio: borrador, lanzamiento, pausa, término e inscritos.',
  },
  {
    group: 'Configuración',
    label: 'Usuarios',
    path: '/backoffice/users',
    permission: 'users:read',
    description: 'Busque usuarios, revise su estado y gestione sus roles.',
  },
  {
    group: 'Configuración',
    label: 'Parámetros financieros',
    path: '/backoffice/financial-parameters',
    permission: 'financial-parameters:manage',
    description: 'Tasas, seguros, impuestos, gastos y plazos que usan el simulador y las cotizaciones.',
  },
  {
    group: 'Configuración',
    label: 'Valor UF',
    path: '/backoffice/uf',
    permission: 'financial-parameters:manage',
    description: 'La tabla UF con su última actualización; registre o corrija el valor de un día.',
  },
  {
    group: 'Configuración',
    label: 'Contenido del sitio',
    path: '/backoffice/content',
    permission: 'content:manage',
    description: 'Portada pública: presentación, servicios, cifras, subsidios, testimonios y otros activos.',
  },
  {
    group: 'Configuración',
    label: 'Términos y privacidad',
    path: '/backoffice/legal',
    permission: 'content:manage',
    description: 'Publique nuevas versiones; rigen 10 días corridos después de publicadas.',
  },
  {
    group: 'Configuración',
    label: 'Migraciones',
    path: '/backoffice/migrations',
    permission: 'projections:manage',
    description: 'Modelos de lectura, su atraso y reconstrucciones sin corte.',
  },
  {
    group: 'Comunicaciones',
    label: 'Correos',
    path: '/backoffice/mailbox',
    permission: 'mailbox:read',
    description: 'Correos capturados por el servidor SMTP de desarrollo.',
  },
  {
    group: 'Auditoría',
    label: 'Auditoría de roles',
    path: '/backoffice/role-changes',
    permission: 'audit:read',
    description: 'Todos los cambios de roles, con su autor, fecha y motivo.',
  },
];
