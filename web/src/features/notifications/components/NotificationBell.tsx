import { useCallback, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import type { MyNotifications, NotificationItem } from '../../../../../contract/notifications';
import { ApiError } from '../../../shared/api/errors';
import { formatDateTime } from '../../../shared/format/format';
import { useApi } from '../../../shared/kit/api-context';
import { Button } from '../../../shared/ui/Button';
import { VisuallyHidden } from '../../../shared/ui/VisuallyHidden';
// Loaded on first use: the contract's entries carry zod schemas, which the first page's download leaves out.
const notificationsApi = () => import('../api/notifications-api');

/** How often the bell asks for news (answered 304 while nothing changed). */
export const NOTIFICATIONS_POLL_MS = 10_000;

const PRIORITY_LABEL: Record<NotificationItem['priority'], string> = { urgent: 'Urgente', high: 'Alta', medium: 'Media', low: 'Baja' };

const Wrap = styled.div`
  position: relative;
`;

const Toggle = styled.button`
  position: relative;
  min-width: 44px;
  min-height: 44px;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};
  font: inherit;
  cursor: pointer;
`;

const Count = styled.span`
  position: absolute;
  top: -6px;
  right: -6px;
  min-width: 20px;
  padding: 0 5px;
  border-radius: 999px;
  background: ${({ theme }) => theme.colors.danger};
  color: ${({ theme }) => theme.colors.onPrimary};
  font-size: 0.75rem;
  font-weight: 700;
  line-height: 20px;
`;

const Panel = styled.div`
  position: absolute;
  right: 0;
  top: calc(100% + 8px);
  z-index: 20;
  width: min(380px, 90vw);
  max-height: 70vh;
  overflow: auto;
  padding: ${({ theme }) => theme.space(3)};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.lg};
  background: ${({ theme }) => theme.colors.surface};
  box-shadow: ${({ theme }) => theme.shadow};
  ul {
    list-style: none;
    margin: 0;
    padding: 0;
  }
  li {
    padding: ${({ theme }) => theme.space(2)} 0;
    border-top: 1px solid ${({ theme }) => theme.colors.border};
  }
  li[data-unread='true'] strong::before {
    content: '• ';
    color: ${({ theme }) => theme.colors.primary};
  }
  p {
    margin: ${({ theme }) => theme.space(1)} 0;
  }
  small {
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;

/**
 * The notification center in the header of every signed-in screen: the unread count, live (polled with an
 * ETag), and the list with "marcar como leída" and "marcar todas".
 */
export function NotificationBell() {
  const api = useApi();
  const [data, setData] = useState<MyNotifications>({ items: [], unread: 0 });
  const [open, setOpen] = useState(false);
  const etag = useRef<string | null>(null);
  const known = useRef<Set<string> | null>(null);
  const panel = useRef<HTMLDivElement>(null);
  const load = useCallback(async () => {
    try {
      const res = await (await notificationsApi()).pollMyNotifications(api, etag.current);
      etag.current = res.header('ETag');
      setData(res.data);
      // What arrived since the last poll may also show as a browser notification (loaded only then).
      const arrived = known.current ? res.data.items.filter((n) => !n.read && !known.current!.has(n.id)) : [];
      known.current = new Set([...(known.current ?? []), ...res.data.items.map((n) => n.id)]);
      if (arrived.length && typeof Notification !== 'undefined' && Notification.permission === 'granted') {
        void import('../browser-notifications')
          .then((m) => m.alertInBrowser(arrived, async () => (await notificationsApi()).fetchPreferences(api)))
          .catch(() => undefined);
      }
    } catch (error) {
      // 304: nothing new. Anything else: the bell simply keeps what it shows and asks again later.
      if (!(error instanceof ApiError)) return;
    }
  }, [api]);
  useEffect(() => {
    void load();
    const timer = setInterval(() => void load(), NOTIFICATIONS_POLL_MS);
    return () => clearInterval(timer);
  }, [load]);
  useEffect(() => {
    if (!open) return undefined;
    const close = (event: KeyboardEvent) => event.key === 'Escape' && setOpen(false);
    window.addEventListener('keydown', close);
    return () => window.removeEventListener('keydown', close);
  }, [open]);
  const markRead = async (item: NotificationItem) => {
    if (item.read) return;
    await (await notificationsApi()).markReadNow(api, item.id).catch(() => undefined);
    etag.current = null;
    await load();
  };
  const markAll = async () => {
    await (await notificationsApi()).markAllReadNow(api).catch(() => undefined);
    etag.current = null;
    await load();
  };
  return (
    <Wrap>
      <Toggle
        type="button"
        aria-expanded={open}
        aria-controls="panel-notificaciones"
        onClick={() => {
          setOpen((o) => !o);
          if (!open) void load();
        }}
      >
        {/* An SVG, not an emoji: a system without an emoji font showed an empty box. */}
        <svg
          aria-hidden="true"
          focusable="false"
          width="20"
          height="20"
          viewBox="0 0 24 24"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
          strokeLinejoin="round"
        >
          <path d="M18 8a6 6 0 0 0-12 0c0 7-3 9-3 9h18s-3-2-3-9" />
          <path d="M13.73 21a2 2 0 0 1-3.46 0" />
        </svg>
        <VisuallyHidden>Notificaciones, {data.unread} sin leer</VisuallyHidden>
        {data.unread > 0 && <Count aria-hidden="true">{data.unread > 99 ? '99+' : data.unread}</Count>}
      </Toggle>
      <div aria-live="polite">
        <VisuallyHidden>{data.unread > 0 ? `${data.unread} notificaciones sin leer` : ''}</VisuallyHidden>
      </div>
      {open && (
        <Panel id="panel-notificaciones" ref={panel} role="region" aria-label="Notificaciones">
          <Button variant="ghost" onClick={markAll} disabled={data.unread === 0}>
            Marcar todas como leídas
          </Button>{' '}
          <Link to="/dashboard/notifications" onClick={() => setOpen(false)}>
            Preferencias de notificación
          </Link>
          {data.items.length === 0 && <p>No tiene notificaciones.</p>}
          <ul>
            {data.items.map((n) => (
              <li key={n.id} data-unread={!n.read}>
                <strong>{n.title}</strong>
                <VisuallyHidden>
                  {n.read ? ' (leída)' : ' (sin leer)'}, prioridad {PRIORITY_LABEL[n.priority]}
                </VisuallyHidden>
                <p>{n.body}</p>
                <small>{formatDateTime(n.createdAt)}</small>{' '}
                {n.link && (
                  <Link
                    to={n.link}
                    onClick={() => {
                      void markRead(n);
                      setOpen(false);
                    }}
                  >
                    Ver
                  </Link>
                )}{' '}
                {!n.read && (
                  <Button variant="ghost" onClick={() => markRead(n)}>
                    Marcar como leída
                  </Button>
                )}
              </li>
            ))}
          </ul>
        </Panel>
      )}
    </Wrap>
  );
}
