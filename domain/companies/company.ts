import { DomainError } from '../shared/errors';
import type { CommandMetadata, Decider, DomainEvent } from '../shared/event';
import { parseEmail } from '../shared/email';
import { parseChileanPhone } from '../shared/phone';

/** Company aggregate (stream `company-<id>`): a partner employer or a real-estate company (spec §3). */
/** What a company's profile lets its people and the back office change (the RUT and kind stay). */
export type CompanyProfile = { name: string; description: string; contactEmail: string; contactPhone: string };

export const COMPANY_KINDS = ['employer', 'real_estate'] as const;
export type CompanyKind = (typeof COMPANY_KINDS)[number];

/** A company as it is registered: who it is (RUT, kind, both fixed) and its profile. */
export type CompanyRegistration = { companyId: string; rut: string; kind: CompanyKind } & CompanyProfile;

export type CompanyEvent =
  | DomainEvent<'CompanyRegistered', CompanyRegistration & { registeredAt: string }>
  | DomainEvent<'CompanyProfileUpdated', { companyId: string; changes: Partial<CompanyProfile>; previous: Partial<CompanyProfile>; updatedAt: string }>;

export type CompanyCommand = { type: 'UpdateCompanyProfile'; changes: Partial<CompanyProfile> } | ({ type: 'RegisterCompany' } & CompanyRegistration);

export type CompanyState = { exists: false } | { exists: true; companyId: string; rut: string; kind: CompanyKind; profile: CompanyProfile };

export const companyDecider: Decider<CompanyCommand, CompanyState, CompanyEvent> = {
  initialState: () => ({ exists: false }),
  evolve: (state, event) => {
    if (event.type === 'CompanyRegistered') {
      const { companyId, rut, kind, name, description, contactEmail, contactPhone } = event.data;
      return { exists: true, companyId, rut, kind, profile: { name, description, contactEmail, contactPhone } };
    }
    return state.exists ? { ...state, profile: { ...state.profile, ...event.data.changes } } : state;
  },
  decide: (command: CompanyCommand, state: CompanyState, meta: CommandMetadata): CompanyEvent[] => {
    if (command.type === 'UpdateCompanyProfile') {
      if (!state.exists) throw new DomainError('NOT_FOUND', 'company');
      const proposed = { ...state.profile, ...command.changes };
      const errors = [
        ...(proposed.name.trim().length < 2 ? [{ field: 'name', code: 'REQUIRED' }] : []),
        ...(parseEmail(proposed.contactEmail) ? [] : [{ field: 'contactEmail', code: 'INVALID_EMAIL' }]),
        ...(parseChileanPhone(proposed.contactPhone) ? [] : [{ field: 'contactPhone', code: 'INVALID_CHILEAN_PHONE' }]),
      ];
      if (errors.length) throw new DomainError('VALIDATION_FAILED', 'company profile', errors);
      const changes: Partial<CompanyProfile> = {};
      const previous: Partial<CompanyProfile> = {};
      for (const key of Object.keys(command.changes) as (keyof CompanyProfile)[])
        if (proposed[key] !== state.profile[key]) [changes[key], previous[key]] = [proposed[key].trim(), state.profile[key]];
      if (Object.keys(changes).length === 0) return [];
      return [{ type: 'CompanyProfileUpdated', data: { companyId: state.companyId, changes, previous, updatedAt: meta.now.toISOString() } }];
    }
    if (state.exists) {
      if (state.rut === command.rut) return []; // the same registration retried
      throw new DomainError('BUSINESS_RULE_VIOLATION', 'company exists');
    }
    const { type: _type, ...data } = command;
    return [{ type: 'CompanyRegistered', data: { ...data, registeredAt: meta.now.toISOString() } }];
  },
};

export const companyStream = (companyId: string): string => `company-${companyId}`;
