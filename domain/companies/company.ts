import { DomainError } from '../shared/errors';
import type { CommandMetadata, Decider, DomainEvent } from '../shared/event';

/** Company aggregate (stream `company-<id>`): a partner employer or a real-estate company (spec §3). */
export type CompanyEvent = DomainEvent<
  'CompanyRegistered',
  { companyId: string; name: string; rut: string; kind: 'employer' | 'real_estate'; description: string; contactEmail: string; contactPhone: string; registeredAt: string }
>;

export type CompanyCommand = {
  type: 'RegisterCompany';
  companyId: string;
  name: string;
  rut: string;
  kind: 'employer' | 'real_estate';
  description: string;
  contactEmail: string;
  contactPhone: string;
};

export type CompanyState = { exists: false } | { exists: true; name: string; rut: string };

export const companyDecider: Decider<CompanyCommand, CompanyState, CompanyEvent> = {
  initialState: () => ({ exists: false }),
  evolve: (_state, event) => ({ exists: true, name: event.data.name, rut: event.data.rut }),
  decide: (command: CompanyCommand, state: CompanyState, meta: CommandMetadata): CompanyEvent[] => {
    if (state.exists) {
      if (state.rut === command.rut) return []; // the same registration retried
      throw new DomainError('BUSINESS_RULE_VIOLATION', 'company exists');
    }
    const { type: _type, ...data } = command;
    return [{ type: 'CompanyRegistered', data: { ...data, registeredAt: meta.now.toISOString() } }];
  },
};

export const companyStream = (companyId: string): string => `company-${companyId}`;
