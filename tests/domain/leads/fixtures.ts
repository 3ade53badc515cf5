import type { LeadActivity, LeadContact } from '../../../domain/leads/lead';

/** The lead deciders' shared inputs: one person's contact details and an activity of hers on project p1. */
export const AT = '2026-11-22T12:00:00.000Z';

export const contact: LeadContact = {
  name: 'Ana Pérez',
  dni: null,
  email: 'ana@gmail.com',
  phone: '+56912345678',
  company: null,
  monthlyIncome: null,
  userId: null,
};

export const activity = (kind: LeadActivity['kind'], activityId: string): LeadActivity => ({
  activityId,
  kind,
  projectId: 'p1',
  unitId: null,
  message: null,
  preferredContactMethod: null,
  preferredTime: null,
});
