import { COLLABORATOR_IMPORT_COLUMNS, createCollaboratorBody } from '../../contract/companies';
import type { ParsedCollaboratorRow } from '../../application/companies/collaborator-import-runner';
import { fieldErrorsFromZod, fieldMessage } from '../http/errors';

/** The column's header for a field (what the person sees in the file); a field of no column as it is. */
export const collaboratorImportHeader = (field: string): string => COLLABORATOR_IMPORT_COLUMNS.find((c) => c.key === field)?.header ?? field;

/** One row of the collaborators' import against the single form's rules (the contract's schema). */
export const parseCollaboratorRow = (cells: Record<string, string>): ParsedCollaboratorRow => {
  const raw = Object.fromEntries(COLLABORATOR_IMPORT_COLUMNS.map((c) => [c.key, cells[c.header] ?? '']));
  const parsed = createCollaboratorBody.safeParse({
    ...raw,
    companyContributionUF: Number(String(raw.companyContributionUF).replace(/\./g, '').replace(',', '.') || 0),
  });
  if (parsed.success) return { collaborator: parsed.data };
  const first = fieldErrorsFromZod(parsed.error)[0];
  return { rejected: { field: collaboratorImportHeader(first.field), message: fieldMessage(first.code, first.message) } };
};
