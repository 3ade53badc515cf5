import { hasPermission } from '../auth/roles';

/** The back office's groups, in the order the spec lists them; the sidebar shows them in this order. */
export const SECTION_GROUPS = ['Catálogo', 'Comercial', 'Empresas', 'Configuración', 'Comunicaciones', 'Auditoría'] as const;
export type SectionGroup = (typeof SECTION_GROUPS)[number];

/** One back-office section: a sidebar entry and a card on the back-office home. Sections are data. */
export interface BackofficeSection {
  readonly group: SectionGroup;
  readonly label: string;
  readonly path: string;
  /** The permission that opens it: the route guard asks for the same one. */
  readonly permission: string;
  /** One line for the back-office home. */
  readonly description: string;
}

export interface SectionGroupEntries {
  readonly group: SectionGroup;
  readonly sections: readonly BackofficeSection[];
}

/** The sections these grants open, grouped in the spec's order; groups left empty are left out. */
export const visibleSectionGroups = (sections: readonly BackofficeSection[], grants: readonly string[]): SectionGroupEntries[] =>
  SECTION_GROUPS.map((group) => ({
    group,
    sections: sections.filter((s) => s.group === group && hasPermission(grants, s.permission)),
  })).filter((g) => g.sections.length > 0);
