import type { BackofficeSection } from '../../shared/kit/sections';

/**
 * Every back-office section that exists today. A new section is one entry here plus its route (router.tsx,
 * guarded by the same permission): the sidebar and the back-office home follow.
 */
export const BACKOFFICE_SECTIONS: readonly BackofficeSection[] = [
  {
    group: 'Catálogo',
    label: 'Proyectos',
    path: '/backoffice/projects',
    permission: 'catalog:manage',
    description: 'Proyectos y sus unidades: datos, precios, habilitación para compradores.',
  },
  {
    group: 'Catálogo',
    label: 'Destacados',
    path: '/backoffice/featured',
    permission: 'catalog:feature',
    description: 'Los proyectos que destaca la portada, y su orden.',
  },
  {
    group: 'Catálogo',
    label: 'Carga masiva',
    path: '/backoffice/project-imports',
    permission: 'catalog:manage',
    description: 'Proyectos y unidades desde una plantilla CSV o Excel: avance, cancelación y filas rechazadas.',
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
    label: 'Administración de email',
    path: '/backoffice/email',
    permission: 'email:manage',
    description: 'Servidor SMTP, entrega, plantillas, correo de prueba, historial, fallidos y analítica.',
  },
  {
    group: 'Comunicaciones',
    label: 'Centro de notificaciones',
    path: '/backoffice/notifications',
    permission: 'backoffice:access',
    description: 'Sus notificaciones por prioridad y categoría, y sus preferencias de aviso.',
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
    // Auditoría, not Configuración: the desk answers people's legal rights and keeps each answer's trail
    // (who verified, completed or rejected, when and why), which is what an auditor of Ley 21.719 reviews.
    group: 'Auditoría',
    label: 'Solicitudes de datos personales',
    path: '/backoffice/data-requests',
    permission: 'data-requests:manage',
    description: 'Derechos de la Ley 21.719: plazo legal de 30 días, verificación de identidad, respuesta y su historial.',
  },
];
