import type { CapturedMail } from '../../../../../contract/email';
import type { ApiPort } from '../../../shared/api/port';

/** Mails captured by the development SMTP sink (GET /admin/mailbox); the shape is contract/email.ts's. */
export type { CapturedMail };

export const fetchMailbox = async (api: ApiPort): Promise<readonly CapturedMail[]> =>
  (await api.request<{ items: CapturedMail[] }>({ method: 'GET', path: '/admin/mailbox' })).data.items;

/** Links in a mail, so a tester can follow a verification or reset link without opening the HTML. */
export const linksIn = (mail: Pick<CapturedMail, 'text' | 'html'>): string[] => {
  const found = new Set<string>();
  for (const m of (mail.html ?? '').matchAll(/href\s*=\s*["']([^"']+)["']/gi)) found.add(m[1].replace(/&amp;/g, '&'));
  for (const m of (mail.text ?? '').matchAll(/https?:\/\/[^\s<>"')\]]+/gi)) found.add(m[0].replace(/[.,;:!?]+$/, ''));
  return [...found].filter((href) => /^https?:\/\//i.test(href) || href.startsWith('/'));
};

export const recipients = (to: CapturedMail['to']): string => (Array.isArray(to) ? to.join(', ') : String(to));
