import { DomainError } from '../shared/errors';
import type { CommandMetadata, Decider, DomainEvent } from '../shared/event';

/**
 * The enabled super-admins of the platform (stream `registry-super-admins`), kept so that no action
 * leaves the platform without one.
 *
 * Why a stream of its own: the invariant spans many users, and each user's roles and status live in
 * their own streams. Two administrators demoting or disabling the last two super-admins at once would
 * each read the other one as still enabled and both succeed. Every action that may lower the count
 * appends here first, expecting the revision it read, so such actions are serialised: the second one
 * retries, sees one member left, and is refused. A read-model count would be eventually consistent and
 * let that race through.
 *
 * The registry may count fewer super-admins than exist (a crash between a grant and its enlistment),
 * never more: removals are recorded here before the user's own stream changes, additions after. Too few
 * only makes a removal refused that could have gone through; too many could reach zero.
 */
export type SuperAdminRegistryEvent =
  | DomainEvent<'SuperAdminRegistryOpened', { members: string[]; openedAt: string }>
  | DomainEvent<'SuperAdminEnlisted', { userId: string; at: string }>
  | DomainEvent<'SuperAdminDelisted', { userId: string; at: string }>;

export type SuperAdminRegistryCommand =
  /** First use: the members found by scanning the event log (existing data has no registry yet). */
  | { type: 'OpenRegistry'; members: string[] }
  | { type: 'EnlistSuperAdmin'; userId: string }
  /** Before a super-admin is disabled or loses the role. */
  | { type: 'DelistSuperAdmin'; userId: string };

export interface SuperAdminRegistryState {
  readonly opened: boolean;
  readonly members: readonly string[];
}

const LAST_SUPER_ADMIN_MESSAGE = 'La plataforma debe conservar al menos un súper administrador habilitado.';

const evolve = (state: SuperAdminRegistryState, event: SuperAdminRegistryEvent): SuperAdminRegistryState => {
  switch (event.type) {
    case 'SuperAdminRegistryOpened':
      return { opened: true, members: [...new Set(event.data.members)] };
    case 'SuperAdminEnlisted':
      return { ...state, members: state.members.includes(event.data.userId) ? state.members : [...state.members, event.data.userId] };
    case 'SuperAdminDelisted':
      return { ...state, members: state.members.filter((m) => m !== event.data.userId) };
  }
};

const decide = (command: SuperAdminRegistryCommand, state: SuperAdminRegistryState, meta: CommandMetadata): SuperAdminRegistryEvent[] => {
  const at = meta.now.toISOString();
  switch (command.type) {
    case 'OpenRegistry':
      if (state.opened) return [];
      return [{ type: 'SuperAdminRegistryOpened', data: { members: [...new Set(command.members)].sort(), openedAt: at } }];
    case 'EnlistSuperAdmin':
      if (state.members.includes(command.userId)) return [];
      return [{ type: 'SuperAdminEnlisted', data: { userId: command.userId, at } }];
    case 'DelistSuperAdmin': {
      // Refused even when the user is not listed but nobody else is: the registry may undercount.
      if (state.members.filter((m) => m !== command.userId).length === 0)
        throw new DomainError('BUSINESS_RULE_VIOLATION', 'last enabled super-admin', [
          { field: 'userId', code: 'LAST_SUPER_ADMIN', message: LAST_SUPER_ADMIN_MESSAGE },
        ]);
      if (!state.members.includes(command.userId)) return [];
      return [{ type: 'SuperAdminDelisted', data: { userId: command.userId, at } }];
    }
    default: {
      const exhaustive: never = command;
      throw new Error(`Unknown command ${(exhaustive as { type: string }).type}`);
    }
  }
};

export const superAdminRegistryDecider: Decider<SuperAdminRegistryCommand, SuperAdminRegistryState, SuperAdminRegistryEvent> = {
  initialState: () => ({ opened: false, members: [] }),
  evolve,
  decide,
};

export const SUPER_ADMIN_REGISTRY_STREAM = 'registry-super-admins';
