import type { ReactNode } from 'react';
import { hasPermission } from '../auth/roles';

/** The back office's groups, in the order the spec lists them; the sidebar shows them in this order. */
export const SECTION_GROUPS = ['Catálogo', 'Comercial', 'Empresas', 'Configuración', 'Comunicaciones', 'Auditoría'] as const;
export type SectionGroup = (typeof SECTION_GROUPS)[number];

/** One screen of a section: its path under the section's ('' for the section's own) and what it shows. */
export interface SectionScreen {
  readonly path: string;
  readonly element: ReactNode;
}

/** One entry of a sidebar (the back office's, the company portal's): where it goes and who sees it. */
export interface SidebarEntry {
  readonly group: SectionGroup;
  readonly label: string;
  readonly path: string;
  /** The permission that opens it: the sidebar shows it, and every screen's route guard asks, for this one. */
  readonly permission: string;
  /** One line for the back-office home. */
  readonly description: string;
}

/** One back-office section: a sidebar entry, a card on the back-office home and its routes. Sections are data. */
export interface BackofficeSection extends SidebarEntry {
  readonly screens: readonly SectionScreen[];
}

export interface SectionGroupEntries<S extends SidebarEntry = SidebarEntry> {
  readonly group: SectionGroup;
  readonly sections: readonly S[];
}

/** The sections these grants open, grouped in the spec's order; groups left empty are left out. */
export const visibleSectionGroups = <S extends SidebarEntry>(sections: readonly S[], grants: readonly string[]): SectionGroupEntries<S>[] =>
  SECTION_GROUPS.map((group) => ({
    group,
    sections: sections.filter((s) => s.group === group && hasPermission(grants, s.permission)),
  })).filter((g) => g.sections.length > 0);
