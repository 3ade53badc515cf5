/** One demo account per role (README lists them). RUTs have valid check digits so RUT sign-in works. */
export const DEMO_ACCOUNTS = [
  { email: 'superadmin@demo.cl', rut: '11111111-1', name: 'Sofía', firstLastName: 'Valdés', secondLastName: 'Rojas', roles: ['super-admin'], post: 'director' },
  { email: 'admin@demo.cl', rut: '22222222-2', name: 'Andrés', firstLastName: 'Muñoz', secondLastName: 'Soto', roles: ['admin'], post: 'manager' },
  { email: 'auditor@demo.cl', rut: '18765432-7', name: 'Teresa', firstLastName: 'Fuentes', secondLastName: 'Lagos', roles: ['auditor'], post: 'manager' },
  { email: 'analista@demo.cl', rut: '19876543-0', name: 'Rodrigo', firstLastName: 'Alarcón', secondLastName: 'Vera', roles: ['manager'], post: 'manager' },
  { email: 'empresa@demo.cl', rut: '33333333-3', name: 'Inmobiliaria', firstLastName: 'Andes', secondLastName: 'SpA', roles: ['company'], post: 'director' },
  { email: 'asesor@demo.cl', rut: '44444444-4', name: 'Camila', firstLastName: 'Herrera', secondLastName: 'Díaz', roles: ['advisor'], post: 'collaborator' },
  {
    email: 'colaborador@demo.cl',
    rut: '15234567-4',
    name: 'Javier',
    firstLastName: 'González',
    secondLastName: 'Pérez',
    roles: ['collaborator', 'user'],
    post: 'collaborator',
  },
  {
    email: 'datos@demo.cl',
    rut: '16543210-K',
    name: 'Renata',
    firstLastName: 'Olivares',
    secondLastName: 'Bravo',
    roles: ['data-protection-officer'],
    post: 'manager',
  },
  { email: 'usuario@demo.cl', rut: '17654321-3', name: 'Valentina', firstLastName: 'Castro', secondLastName: 'Núñez', roles: ['user'], post: 'collaborator' },
] as const;

/** Partner companies of the demo; ids are fixed so the seed stays idempotent. */
export const DEMO_COMPANIES = [
  {
    companyId: 'banco-andino',
    name: 'Banco Andino S.A.',
    rut: '96512345-8',
    kind: 'employer',
    description: 'Empresa en convenio: aporta al pie de sus colaboradores.',
    contactEmail: 'personas@bancoandino.cl',
    contactPhone: '+56223456789',
  },
  {
    companyId: 'retail-austral',
    name: 'Retail Austral S.A.',
    rut: '96888777-7',
    kind: 'employer',
    description: 'Empresa en convenio del sur de Chile.',
    contactEmail: 'bienestar@retailaustral.cl',
    contactPhone: '+56412345678',
  },
  {
    companyId: 'inmobiliaria-andes',
    name: 'Inmobiliaria Andes SpA',
    rut: '76123456-0',
    kind: 'real_estate',
    description: 'Inmobiliaria con proyectos en la Región Metropolitana y Valparaíso.',
    contactEmail: 'ventas@inmobiliariaandes.cl',
    contactPhone: '+56229876543',
  },
] as const;

/** empresa@demo.cl is the company user of Inmobiliaria Andes SpA: its portal shows that company's data only. */
export const DEMO_COMPANY_USER = { email: 'empresa@demo.cl', companyId: 'inmobiliaria-andes' } as const;

/** colaborador@demo.cl works at Banco Andino, which contributes 150 UF to the down payment. */
export const DEMO_COLLABORATOR = {
  collaboratorId: 'colaborador-demo',
  email: 'colaborador@demo.cl',
  companyId: 'banco-andino',
  companyContributionUF: 150,
  plan: 'Plan Vivienda 2026',
} as const;

/** Housing campaigns of the partner companies; Banco Andino's enrols all its collaborators automatically. */
export const DEMO_CAMPAIGNS = [
  {
    campaignId: 'vivienda-banco-andino-2026',
    companyId: 'banco-andino',
    name: 'Vivienda Banco Andino 2026',
    description: 'Aporte de la empresa al pie y asesoría para colaboradores de Banco Andino.',
    startDate: '2026-01-01',
    endDate: '2026-12-31',
    autoEnrollment: true,
    selfEnrollmentByRut: false,
    launch: true,
  },
  {
    campaignId: 'retail-austral-2027',
    companyId: 'retail-austral',
    name: 'Casa Propia Retail Austral 2027',
    description: 'Inscripción por RUT para colaboradores de Retail Austral.',
    startDate: '2027-01-01',
    endDate: null,
    autoEnrollment: false,
    selfEnrollmentByRut: true,
    launch: false,
  },
] as const;

/** Collaborators (without accounts yet) of each partner company, besides colaborador@demo.cl. */
export const DEMO_COLLABORATORS_PER_COMPANY = 12;
