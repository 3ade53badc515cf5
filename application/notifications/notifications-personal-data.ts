import type { PersonalDataSchema } from '../../kernel/personal-data/personal-data-schema';

/**
 * A browser's push subscription names that browser (its endpoint is a capability URL of the person's device):
 * sealed under the person's key, so an erasure leaves it unreadable. Preferences and deliveries carry no
 * identifying data.
 */
export const notificationsPersonalData: PersonalDataSchema = {
  PushSubscriptionRegistered: { subject: 'userId', fields: ['endpoint', 'keys'] },
  PushSubscriptionRemoved: { subject: 'userId', fields: ['endpoint'] },
};
