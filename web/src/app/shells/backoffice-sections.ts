import type { BackofficeSection } from '../../shared/kit/sections';

/**
 * Every back-office section that exists today. A new section is one entry here plus its route (router.tsx,
 * guarded by the same permission): the sidebar and the back-office home follow.
 */
export const BACKOFFICE_SECTIONS: readonly BackofficeSection[] = [
  {
    group: 'Comercial',
    label: 'Cotizaciones',
    path: '/backoffice/quotes',
    permission: 'commercial:read',
    description: 'Cotizaciones emitidas a los compradores: fechas, proyecto, comprador y vigencia.',
  },
  {
    group: 'Comercial',
    label: 'Reservas',
    path: '/backoffice/reservations',
    permission: 'commercial:read',
    description: 'Reservas con su estado, el de su pago y el vencimiento de la retención; historial de cada una.',
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
  {
    group: 'Auditoría',
    label: 'Pagos',
    path: '/backoffice/payments',
    permission: 'audit:read',
    description: 'Cada intento de pago de cada reserva, con los códigos de la pasarela, confirmaciones y reembolsos.',
  },
];
