/** A complete, valid company registration (spec §3), with overrides per part. */
export const registrationApplication = (overrides: Record<string, unknown> = {}) => ({
  company: {
    businessType: 'real_estate_company',
    name: 'Inmobiliaria Pehuén SpA',
    rut: '76.543.210-3',
    foundingYear: 2009,
    website: 'https://pehuen.cl',
    businessLicense: 'PAT-2231',
    description: 'Departamentos en el sur de Chile',
  },
  address: { street: 'Av. Alemania', number: '0671', regionCode: '09', communeCode: '09101', city: 'Temuco' },
  contact: {
    email: 'contacto@pehuen.cl',
    phone: '+56 45 221 3344',
    secondaryPhone: '',
    businessHours: {
      monday: { open: '09:00', close: '18:00' },
      tuesday: { open: '09:00', close: '18:00' },
      wednesday: { open: '09:00', close: '18:00' },
      thursday: { open: '09:00', close: '18:00' },
      friday: { open: '09:00', close: '17:00' },
      saturday: null,
      sunday: null,
    },
    socialMedia: { instagram: 'https://instagram.com/pehuen' },
  },
  legalRepresentative: {
    name: 'Camila',
    firstLastName: 'Huenchullán',
    secondLastName: 'Soto',
    rut: '14.567.890-0',
    email: 'camila.huenchullan@pehuen.cl',
    phone: '+56 9 8765 4321',
  },
  banking: {
    bank: 'Banco del Estado de Chile',
    accountType: 'corriente',
    accountNumber: '12345678',
    holderName: 'Inmobiliaria Pehuén SpA',
    holderRut: '76.543.210-3',
  },
  acceptances: { terms: true, privacy: true, dataProcessing: true },
  ...overrides,
});

/** The smallest PDF a sniffer recognises. */
export const PDF_BYTES = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
