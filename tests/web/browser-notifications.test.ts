import type { NotificationItem, NotificationPreferencesView } from '../../contract/notifications';
import { alertInBrowser, browserPermission, PERMISSION_LABEL, shouldAlert } from '../../web/src/features/notifications/browser-notifications';

const prefs: NotificationPreferencesView = {
  channels: { email: false, sms: false, push: false, browser: true },
  categories: { system: true, projects: true, campaigns: false, security: true },
  frequency: 'immediate',
  quietHours: { enabled: true, start: '22:00', end: '08:00' },
  updatedAt: null,
  contact: { hasEmail: true, hasPhone: true },
  pushSubscriptions: 0,
};
const item = (over: Partial<NotificationItem> = {}): NotificationItem => ({
  id: 'n1',
  title: 'Reserva confirmada',
  body: 'b',
  priority: 'high',
  category: 'projects',
  read: false,
  createdAt: 'x',
  link: null,
  ...over,
});
const noon = new Date('2026-11-22T12:00:00-03:00');
const night = new Date('2026-11-22T23:30:00-03:00');

describe('browser notifications (spec §4 permission states)', () => {
  it('alert only on the browser channel, for categories on, outside quiet hours unless urgent', () => {
    expect(shouldAlert(prefs, item(), noon)).toBe(true);
    expect(shouldAlert(prefs, item({ category: 'campaigns' }), noon)).toBe(false);
    expect(shouldAlert(prefs, item(), night)).toBe(false);
    expect(shouldAlert(prefs, item({ priority: 'urgent' }), night)).toBe(true);
    expect(shouldAlert({ ...prefs, channels: { ...prefs.channels, browser: false } }, item(), noon)).toBe(false);
  });

  it('names the permission states as the spec does; without the Notification API nothing is shown', async () => {
    expect(PERMISSION_LABEL.default).toBe('No configurado');
    expect(browserPermission()).toBe('unsupported');
    const preferences = jest.fn(async () => prefs);
    await alertInBrowser([item()], preferences);
    expect(preferences).not.toHaveBeenCalled();
  });
});
