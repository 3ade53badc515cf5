import type { CapturedMail } from '../../../../../contract/email';
import type { ApiPort } from '../../../shared/api/port';

/** Mails captured by the development SMTP sink (GET /admin/mailbox); the shape is contract/email.ts's. */
export type { CapturedMail };

export const fetchMailbox = async (api: ApiPort): Promise<readonly CapturedMail[]> =>
  (await api.request<{ items: CapturedMail[] }>({ method: 'GET', path: '/admin/mailbox' })).data.items;

/**
 * Links in a mail, so a tester can follow a verification or reset link without opening the HTML. The HTML is
 * parsed (never run) so attribute values come decoded: templates escape `=` in a link as `&#x3D;`.
 */
export const linksIn = (mail: Pick<CapturedMail, 'text' | 'html'>): string[] => {
  const found = new Set<string>();
  if (mail.html) {
    const page = new DOMParser().parseFromString(mail.html, 'text/html');
    for (const anchor of page.querySelectorAll('a[href]')) found.add((anchor.getAttribute('href') ?? '').trim());
  }
  for (const m of (mail.text ?? '').matchAll(/https?:\/\/[^\s<>"')\]]+/gi)) found.add(m[0].replace(/[.,;:!?]+$/, ''));
  return [...found].filter((href) => /^https?:\/\//i.test(href) || href.startsWith('/'));
};

export const recipients = (to: CapturedMail['to']): string => (Array.isArray(to) ? to.join(', ') : String(to));
