import { useState } from 'react';
import type { EmailHistoryItem } from '../../../../../contract/email';
import { toApiErrorBody } from '../../../shared/api/errors';
import { formatDateTime } from '../../../shared/format/format';
import { useApi } from '../../../shared/kit/api-context';
import { ResourceList } from '../../../shared/kit/ResourceList';
import type { ResourceColumn } from '../../../shared/kit/ResourceTable';
import { useResourceList, type ListResource } from '../../../shared/kit/useResourceList';
import { Alert } from '../../../shared/ui/Alert';
import { Button } from '../../../shared/ui/Button';
import { Badge, Row } from '../../../shared/ui/layout';
import { fetchHistory, parseHistoryQuery, retryAllFailed, retryMail, type HistoryFilter } from '../api/email-api';
import { STATUS_LABELS, TEMPLATE_LABELS, statusTone } from '../labels';
import { EmailHistoryFilters } from './EmailHistoryFilters';

const HISTORY: ListResource<EmailHistoryItem, HistoryFilter, never> = { parse: parseHistoryQuery, fetchPage: fetchHistory };
const RETRYABLE = new Set(['failed', 'bounced', 'retrying']);

/** Spec §4 email history: every mail with its state; failed ones retried one by one or all at once. */
export function EmailHistory() {
  const api = useApi();
  const list = useResourceList(HISTORY);
  const [notice, setNotice] = useState<{ ok: boolean; message: string } | null>(null);
  const [busy, setBusy] = useState<string | null>(null);

  const act = async (key: string, action: () => Promise<string>) => {
    setBusy(key);
    setNotice(null);
    try {
      setNotice({ ok: true, message: await action() });
      list.reload();
    } catch (error) {
      setNotice({ ok: false, message: toApiErrorBody(error).message });
    } finally {
      setBusy(null);
    }
  };

  const columns: readonly ResourceColumn<EmailHistoryItem>[] = [
    { header: 'Fecha', cell: (m) => formatDateTime(m.queuedAt), csv: { header: 'Fecha', value: (m) => formatDateTime(m.queuedAt) } },
    { header: 'Plantilla', cell: (m) => TEMPLATE_LABELS[m.template], csv: { header: 'Plantilla', value: (m) => TEMPLATE_LABELS[m.template] } },
    { header: 'Destinatario', cell: (m) => m.to, csv: { header: 'Destinatario', value: (m) => m.to } },
    { header: 'Asunto', cell: (m) => m.subject, csv: { header: 'Asunto', value: (m) => m.subject } },
    {
      header: 'Estado',
      cell: (m) => <Badge $tone={statusTone(m.status)}>{STATUS_LABELS[m.status]}</Badge>,
      csv: { header: 'Estado', value: (m) => STATUS_LABELS[m.status] },
    },
    { header: 'Intentos', cell: (m) => m.attempts, csv: { header: 'Intentos', value: (m) => String(m.attempts) } },
    {
      header: 'Detalle',
      cell: (m) =>
        m.lastError
          ? `${m.lastError}${m.nextAttemptAt ? ` · próximo intento ${formatDateTime(m.nextAttemptAt)}` : ''}`
          : m.sentAt
            ? `Enviado ${formatDateTime(m.sentAt)}`
            : '',
      csv: { header: 'Detalle', value: (m) => m.lastError ?? '' },
    },
    {
      header: 'Acciones',
      cell: (m) =>
        RETRYABLE.has(m.status) ? (
          <Button
            onClick={() => void act(m.id, async () => (await retryMail(api, m.id), `Reintentando el correo a ${m.to}.`))}
            busy={busy === m.id}
            busyLabel="Reintentando..."
            aria-label={`Reintentar el correo a ${m.to}`}
          >
            Reintentar
          </Button>
        ) : null,
    },
  ];

  return (
    <>
      <Row $justify="flex-end">
        <Button
          variant="primary"
          busy={busy === 'all'}
          busyLabel="Reintentando..."
          onClick={() => void act('all', async () => `${await retryAllFailed(api)} correo(s) se reintentan ahora.`)}
        >
          Reintentar todos los fallidos
        </Button>
      </Row>
      {notice && <Alert kind={notice.ok ? 'success' : 'error'}>{notice.message}</Alert>}
      <ResourceList
        list={list}
        caption="Historial de correos"
        columns={columns}
        emptyMessage="No hay correos con estos filtros."
        exportName="historial-correos"
        filters={<EmailHistoryFilters filter={list.query.filter} onFilterChange={list.setFilter} onClear={list.clear} />}
      />
    </>
  );
}
