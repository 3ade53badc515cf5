import { OTHER_ASSET_TYPES, type HomeSectionName } from '../../../../../contract/content';

/** One input of a home section's form; `name` is the field's key in the contract's section schema. */
export interface FieldSpec {
  readonly name: string;
  readonly label: string;
  readonly kind: 'text' | 'textarea' | 'number' | 'select';
  readonly options?: readonly { value: string; label: string }[];
  readonly hint?: string;
}

/** A repeatable group (the service steps, the subsidies...), with the bounds the contract sets. */
export interface ListSpec {
  readonly name: string;
  readonly label: string;
  readonly itemLabel: string;
  readonly fields: readonly FieldSpec[];
  readonly min: number;
  readonly max: number;
}

export interface SectionForm {
  readonly label: string;
  readonly fields: readonly FieldSpec[];
  readonly list?: ListSpec;
}

const title: FieldSpec = { name: 'title', label: 'Título', kind: 'text' };
const intro: FieldSpec = { name: 'intro', label: 'Introducción (opcional)', kind: 'textarea' };
const card = [title, { name: 'text', label: 'Texto', kind: 'textarea' }] as const satisfies readonly FieldSpec[];
const ASSET_LABELS: Record<(typeof OTHER_ASSET_TYPES)[number], string> = {
  office: 'Oficinas',
  commercial: 'Locales comerciales',
  storage_unit: 'Bodegas',
  warehouse: 'Industrial',
};

/** The editor's form for each home section, in the order the home shows them. */
export const SECTION_FORMS: Record<HomeSectionName, SectionForm> = {
  hero: { label: 'Portada', fields: [title, { name: 'text', label: 'Texto', kind: 'textarea' }] },
  about: {
    label: 'Quiénes somos',
    fields: [title, { name: 'text', label: 'Texto', kind: 'textarea' }, { name: 'note', label: 'Nota al pie (opcional)', kind: 'textarea' }],
  },
  services: { label: 'Servicios', fields: [title], list: { name: 'steps', label: 'Etapas', itemLabel: 'Etapa', fields: card, min: 1, max: 8 } },
  stats: {
    label: 'Cifras',
    fields: [
      title,
      { name: 'clients', label: 'Clientes acompañados', kind: 'number' },
      { name: 'propertiesSold', label: 'Propiedades vendidas', kind: 'number' },
      { name: 'millionsInvested', label: 'Millones de pesos invertidos', kind: 'number', hint: 'En millones de CLP.' },
      { name: 'yearsOfExperience', label: 'Años de experiencia', kind: 'number' },
    ],
  },
  subsidies: { label: 'Subsidios', fields: [title, intro], list: { name: 'items', label: 'Subsidios', itemLabel: 'Subsidio', fields: card, min: 1, max: 8 } },
  testimonials: {
    label: 'Testimonios',
    fields: [title],
    list: {
      name: 'items',
      label: 'Testimonios',
      itemLabel: 'Testimonio',
      fields: [
        { name: 'text', label: 'Testimonio', kind: 'textarea' },
        { name: 'who', label: 'Quién lo dice', kind: 'text', hint: 'Nombre, ocupación y ciudad.' },
      ],
      min: 1,
      max: 8,
    },
  },
  otherAssets: {
    label: 'Otros activos',
    fields: [title, intro],
    list: {
      name: 'items',
      label: 'Activos',
      itemLabel: 'Activo',
      fields: [
        ...card,
        {
          name: 'type',
          label: 'Tipo de propiedad que enlaza',
          kind: 'select',
          options: OTHER_ASSET_TYPES.map((value) => ({ value, label: ASSET_LABELS[value] })),
        },
      ],
      min: 1,
      max: 4,
    },
  },
};
