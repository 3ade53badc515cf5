import type { ApiPort } from '../../../shared/api/port';

/** POST /contact-requests: a contact or advisor request, which becomes (or updates) a lead. */
export type ContactKind = 'contact' | 'advisor';
export type ContactMethod = 'email' | 'phone' | 'both';
export type PreferredTime = 'morning' | 'afternoon' | 'evening' | 'any';

export interface ContactRequest {
  readonly kind: ContactKind;
  readonly name: string;
  readonly email: string;
  readonly phone: string;
  readonly preferredContactMethod: ContactMethod;
  readonly preferredTime: PreferredTime;
  readonly termsAccepted: boolean;
  readonly message?: string;
  readonly projectId?: string;
  readonly unitId?: string;
}

export const sendContactRequest = async (api: ApiPort, request: ContactRequest): Promise<{ message: string }> =>
  (await api.request<{ success: boolean; message: string }>({ method: 'POST', path: '/contact-requests', body: request })).data;
