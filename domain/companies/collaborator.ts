import { DomainError, type FieldError } from '../shared/errors';
import { parseEmail } from '../shared/email';
import { parseChileanPhone } from '../shared/phone';
import type { CommandMetadata, Decider, DomainEvent } from '../shared/event';

/**
 * Collaborator aggregate (stream `collaborator-<id>`): an employee of a partner company, with the
 * company's down-payment contribution in UF (spec §3 "company contribution").
 */
export interface CollaboratorData extends Record<string, unknown> {
  collaboratorId: string;
  companyId: string;
  companyName: string;
  userId: string | null;
  rut: string;
  name: string;
  firstSurname: string;
  secondSurname: string;
  workEmail: string;
  personalEmail: string;
  phone: string;
  post: string;
  companyContributionUF: number;
  plan: string;
}

/** What the company or the back office may change on a collaborator (the RUT, company and account stay). */
export type EditableCollaborator = Pick<
  CollaboratorData,
  'name' | 'firstSurname' | 'secondSurname' | 'workEmail' | 'personalEmail' | 'phone' | 'post' | 'companyContributionUF' | 'plan'
>;

export type CollaboratorEvent =
  | DomainEvent<'CollaboratorEnrolled', CollaboratorData & { enrolledAt: string }>
  | DomainEvent<
      'CollaboratorUpdated',
      { collaboratorId: string; changes: Partial<EditableCollaborator>; previous: Partial<EditableCollaborator>; updatedAt: string }
    >
  | DomainEvent<'CollaboratorDeactivated', { collaboratorId: string; reason: string; deactivatedAt: string }>;

export type CollaboratorCommand =
  | ({ type: 'EnrollCollaborator' } & CollaboratorData)
  | { type: 'UpdateCollaborator'; changes: Partial<EditableCollaborator> }
  | { type: 'DeactivateCollaborator'; collaboratorId: string; reason: string };

export type CollaboratorState = { status: 'none' } | { status: 'active' | 'inactive'; data: CollaboratorData };

export const collaboratorDecider: Decider<CollaboratorCommand, CollaboratorState, CollaboratorEvent> = {
  initialState: () => ({ status: 'none' }),
  evolve: (state, event) => {
    switch (event.type) {
      case 'CollaboratorEnrolled': {
        const { enrolledAt: _at, ...data } = event.data;
        return { status: 'active', data };
      }
      case 'CollaboratorUpdated':
        return state.status === 'none' ? state : { ...state, data: { ...state.data, ...event.data.changes } };
      case 'CollaboratorDeactivated':
        return state.status === 'none' ? state : { ...state, status: 'inactive' };
    }
  },
  decide: (command, state, meta: CommandMetadata): CollaboratorEvent[] => {
    const at = meta.now.toISOString();
    switch (command.type) {
      case 'EnrollCollaborator': {
        if (state.status !== 'none') return [];
        if (!(command.companyContributionUF >= 0)) throw new DomainError('INVALID_UF_VALUE', 'contribution');
        const { type: _type, ...data } = command;
        return [{ type: 'CollaboratorEnrolled', data: { ...data, enrolledAt: at } }];
      }
      case 'UpdateCollaborator': {
        if (state.status === 'none') throw new DomainError('NOT_FOUND', 'collaborator');
        const proposed = { ...state.data, ...command.changes };
        const errors: FieldError[] = [];
        for (const field of ['name', 'firstSurname'] as const)
          if (proposed[field].trim().length < 2 || proposed[field].length > 50)
            errors.push({ field, code: 'INVALID_VALUE', message: 'Entre 2 y 50 caracteres.' });
        if (!parseEmail(proposed.workEmail)) errors.push({ field: 'workEmail', code: 'INVALID_EMAIL' });
        if (proposed.personalEmail && !parseEmail(proposed.personalEmail)) errors.push({ field: 'personalEmail', code: 'INVALID_EMAIL' });
        if (proposed.phone && !parseChileanPhone(proposed.phone)) errors.push({ field: 'phone', code: 'INVALID_CHILEAN_PHONE' });
        if (!(proposed.companyContributionUF >= 0 && proposed.companyContributionUF <= 10_000))
          errors.push({ field: 'companyContributionUF', code: 'INVALID_UF_VALUE' });
        if (errors.length) throw new DomainError('VALIDATION_FAILED', 'collaborator', errors);
        const changes: Record<string, unknown> = {};
        const previous: Record<string, unknown> = {};
        for (const key of Object.keys(command.changes) as (keyof EditableCollaborator)[])
          if (proposed[key] !== state.data[key]) [changes[key], previous[key]] = [proposed[key], state.data[key]];
        if (Object.keys(changes).length === 0) return [];
        return [{ type: 'CollaboratorUpdated', data: { collaboratorId: state.data.collaboratorId, changes, previous, updatedAt: at } }];
      }
      case 'DeactivateCollaborator':
        if (state.status !== 'active') return [];
        return [{ type: 'CollaboratorDeactivated', data: { collaboratorId: command.collaboratorId, reason: command.reason, deactivatedAt: at } }];
      default: {
        const exhaustive: never = command;
        throw new Error(`Unknown command ${(exhaustive as { type: string }).type}`);
      }
    }
  },
};

export const collaboratorStream = (collaboratorId: string): string => `collaborator-${collaboratorId}`;
