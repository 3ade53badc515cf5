import type { TestApp } from '../../support/test-app';

/** Who asked through the public site: a contact request or a request for an advisor, about Parque Ñuñoa. */
export type ContactRequester = readonly [name: string, email: string, kind: 'contact' | 'advisor'];

/** Leads made as a visitor makes them (the public contact form), so back-office lists and dashboards hold real rows. */
export const requestContact = async (app: TestApp, requesters: readonly ContactRequester[]): Promise<void> => {
  for (const [name, email, kind] of requesters) {
    const res = await app.client().post('/api/v1/contact-requests', {
      kind,
      name,
      email,
      phone: '+56 9 8765 4321',
      preferredContactMethod: 'both',
      preferredTime: 'any',
      termsAccepted: true,
      projectId: 'parque-nunoa',
    });
    expect(res.status).toBe(201);
  }
};
