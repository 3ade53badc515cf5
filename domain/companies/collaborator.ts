import { DomainError } from '../shared/errors';
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

export type CollaboratorEvent =
  | DomainEvent<'CollaboratorEnrolled', CollaboratorData & { enrolledAt: string }>
  | DomainEvent<'CollaboratorDeactivated', { collaboratorId: string; reason: string; deactivatedAt: string }>;

export type CollaboratorCommand =
  | ({ type: 'EnrollCollaborator' } & CollaboratorData)
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
