import type { ContactRequest, ContactRequested } from '../../../../../contract/favorites-leads';
import type { ApiPort } from '../../../shared/api/port';

/** POST /contact-requests: a contact or advisor request, which becomes (or updates) a lead. */
export type { ContactRequest };
export type ContactKind = NonNullable<ContactRequest['kind']>;
export type ContactMethod = ContactRequest['preferredContactMethod'];
export type PreferredTime = ContactRequest['preferredTime'];

export const sendContactRequest = async (api: ApiPort, request: ContactRequest): Promise<ContactRequested> =>
  (await api.request<ContactRequested>({ method: 'POST', path: '/contact-requests', body: request })).data;
