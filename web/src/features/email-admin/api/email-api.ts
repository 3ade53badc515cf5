import type { z } from 'zod';
import type { emailAnalyticsResponse, EmailHistoryItem, EmailSettings, MailTemplateView } from '../../../../../contract/email';
import type { ApiPort } from '../../../shared/api/port';
import { listQueryToApi, readListQuery, type ListQuery, type Page } from '../../../shared/api/list-query';
import { MAIL_STATUSES, MAIL_TEMPLATES } from '../../../../../contract/email';

/** Email administration endpoints (contract/email.ts): settings, test, templates, history, retries, analytics. */
export type SmtpDraft = Omit<EmailSettings['smtp'], 'hasPassword'> & { password?: string };

export const fetchEmailSettings = async (api: ApiPort): Promise<{ settings: EmailSettings; etag: string }> => {
  const res = await api.request<EmailSettings>({ method: 'GET', path: '/email/settings' });
  return { settings: res.data, etag: res.header('ETag') ?? '' };
};

export const saveEmailSettings = async (
  api: ApiPort,
  body: { smtp?: SmtpDraft; delivery?: EmailSettings['delivery'] },
  etag: string,
): Promise<{ settings: EmailSettings; etag: string }> => {
  const res = await api.request<EmailSettings>({ method: 'PUT', path: '/email/settings', body, headers: etag ? { 'If-Match': etag } : {} });
  return { settings: res.data, etag: res.header('ETag') ?? '' };
};

export const testConnection = async (api: ApiPort): Promise<void> => {
  await api.request({ method: 'POST', path: '/email/test-connection', body: {} });
};

export const sendTestEmail = async (api: ApiPort, to: string): Promise<void> => {
  await api.request({ method: 'POST', path: '/email/test', body: { to } });
};

export const fetchTemplates = async (api: ApiPort): Promise<MailTemplateView[]> =>
  (await api.request<{ items: MailTemplateView[] }>({ method: 'GET', path: '/email/templates' })).data.items;

export type TemplateDraft = Pick<MailTemplateView, 'name' | 'type' | 'language' | 'subject' | 'html' | 'text' | 'variables' | 'active' | 'isDefault'>;

export const saveTemplate = async (api: ApiPort, id: string | null, body: TemplateDraft): Promise<void> => {
  await api.request({ method: id ? 'PUT' : 'POST', path: id ? `/email/templates/${encodeURIComponent(id)}` : '/email/templates', body });
};

export const previewTemplate = async (api: ApiPort, body: { templateId?: string; subject: string; html: string; text: string }) =>
  (await api.request<{ subject: string; html: string; text: string }>({ method: 'POST', path: '/email/templates/preview', body })).data;

export type HistoryFilter = { status: string; template: string; recipient: string; from: string; until: string };
export type HistoryQuery = ListQuery<HistoryFilter, never>;

export const parseHistoryQuery = (params: URLSearchParams): HistoryQuery =>
  readListQuery<HistoryFilter, never>(params, { status: MAIL_STATUSES, template: MAIL_TEMPLATES, recipient: 'text', from: 'text', until: 'text' }, []);

export const fetchHistory = async (api: ApiPort, query: HistoryQuery): Promise<Page<EmailHistoryItem>> => {
  const { recipient, until, ...rest } = listQueryToApi(query);
  return (
    await api.request<Page<EmailHistoryItem>>({
      method: 'GET',
      path: '/email/history',
      query: { ...rest, recipient: recipient || undefined, until: until ? String(until) : undefined },
    })
  ).data;
};

export const retryMail = async (api: ApiPort, id: string): Promise<void> => {
  await api.request({ method: 'POST', path: `/email/history/${encodeURIComponent(id)}/retry`, body: {} });
};

export const retryAllFailed = async (api: ApiPort): Promise<number> =>
  (await api.request<{ retried: number }>({ method: 'POST', path: '/email/retry-failed', body: {} })).data.retried;

export type EmailAnalytics = z.infer<typeof emailAnalyticsResponse>;
export const fetchAnalytics = async (api: ApiPort): Promise<EmailAnalytics> =>
  (await api.request<EmailAnalytics>({ method: 'GET', path: '/email/analytics' })).data;
