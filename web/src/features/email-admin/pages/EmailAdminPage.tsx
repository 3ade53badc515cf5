import { lazy, Suspense, useEffect, useState } from 'react';
import { useLocation, useParams } from 'react-router-dom';
import styled from 'styled-components';
import type { EmailSettings, MailTemplateView } from '../../../../../contract/email';
import { toApiErrorBody } from '../../../shared/api/errors';
import { formatDate, formatInteger } from '../../../shared/format/format';
import { useDocumentTitle } from '../../../shared/hooks/useDocumentTitle';
import { useApi } from '../../../shared/kit/api-context';
import { ResourceTable, type ResourceColumn } from '../../../shared/kit/ResourceTable';
import { SectionLinks } from '../../../shared/kit/SectionLinks';
import { Loaded, useResource } from '../../../shared/kit/useResource';
import { Alert } from '../../../shared/ui/Alert';
import { Button } from '../../../shared/ui/Button';
import { LoadFailed } from '../../../shared/ui/LoadFailed';
import { Badge, Card, Muted, Row, Stack } from '../../../shared/ui/layout';
import { Skeleton } from '../../../shared/ui/Skeleton';
import { fetchAnalytics, fetchEmailSettings, fetchTemplates, type EmailAnalytics } from '../api/email-api';
import { DeliverySettingsForm } from '../components/DeliverySettingsForm';
import { EmailHistory } from '../components/EmailHistory';
import { SmtpSettingsForm } from '../components/SmtpSettingsForm';
import { TemplateEditor } from '../components/TemplateEditor';
import { TestEmailForm } from '../components/TestEmailForm';
import { STATUS_LABELS, TEMPLATE_LABELS, TYPE_LABELS } from '../labels';

const EmailStatusChart = lazy(() => import('../components/EmailStatusChart'));

const TABS = [
  { key: 'smtp', label: 'Configuración SMTP' },
  { key: 'delivery', label: 'Entrega' },
  { key: 'templates', label: 'Plantillas' },
  { key: 'history', label: 'Historial' },
  { key: 'failed', label: 'Fallidos' },
  { key: 'analytics', label: 'Analítica' },
] as const;
type Tab = (typeof TABS)[number]['key'];

/* The sections sit above the card, so the history's table has the whole width at 1366 px. */
const Layout = styled.div`
  display: grid;
  grid-template-columns: minmax(0, 1fr);
  gap: ${({ theme }) => theme.space(4)};
`;

const tabPath = (key: Tab) => (key === 'failed' ? '/backoffice/email/history?status=failed' : `/backoffice/email/${key}`);

/** Back office, Comunicaciones › Administración de correos (spec §2): SMTP, delivery, templates, test, history, failed mails, analytics. */
export default function EmailAdminPage() {
  const { tab: param = 'smtp' } = useParams();
  const { search } = useLocation();
  const failedView = param === 'history' && new URLSearchParams(search).get('status') === 'failed';
  const tab: Tab = failedView ? 'failed' : (TABS.find((t) => t.key === param)?.key ?? 'smtp');
  const label = TABS.find((t) => t.key === tab)!.label;
  useDocumentTitle(`Correos: ${label}`);
  return (
    <Stack $gap={4}>
      <h1>Administración de email</h1>
      <Muted>Cada correo queda registrado antes de enviarse; si el servidor falla, se reintenta sin perderse ni duplicarse.</Muted>
      <Layout>
        <SectionLinks label="Secciones de correos" links={TABS.map((t) => ({ key: t.key, label: t.label, to: tabPath(t.key) }))} current={tab} />
        <Card aria-labelledby="titulo-correos">
          <h2 id="titulo-correos">{label}</h2>
          {(tab === 'smtp' || tab === 'delivery') && <SettingsTab tab={tab} />}
          {tab === 'templates' && <TemplatesTab />}
          {(tab === 'history' || tab === 'failed') && <EmailHistory />}
          {tab === 'analytics' && <AnalyticsTab />}
        </Card>
      </Layout>
    </Stack>
  );
}

function SettingsTab({ tab }: { readonly tab: 'smtp' | 'delivery' }) {
  const api = useApi();
  const [state, setState] = useState<{ settings: EmailSettings; etag: string; version: number } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [conflict, setConflict] = useState(false);
  const load = () => {
    setError(null);
    fetchEmailSettings(api).then(
      (loaded) => setState({ ...loaded, version: Date.now() }),
      (failure: unknown) => setError(toApiErrorBody(failure).message),
    );
  };
  useEffect(load, [api]);
  if (error) return <LoadFailed message={error} onRetry={load} />;
  if (!state) return <Skeleton $height="240px" aria-hidden="true" />;
  const saved = (settings: EmailSettings, etag: string, message: string) => {
    setState({ settings, etag, version: Date.now() });
    setNotice(message);
    setConflict(false);
  };
  const onConflict = () => setConflict(true);
  return (
    <Stack $gap={4}>
      {notice && <Alert kind="success">{notice}</Alert>}
      {conflict && (
        <Alert kind="warning" title="Otra persona cambió la configuración">
          <p>Recargue para ver la versión actual antes de guardar.</p>
          <Button
            onClick={() => {
              setConflict(false);
              load();
            }}
          >
            Recargar
          </Button>
        </Alert>
      )}
      {tab === 'smtp' ? (
        <>
          <SmtpSettingsForm key={state.version} settings={state.settings} etag={state.etag} onSaved={saved} onConflict={onConflict} />
          <section aria-labelledby="titulo-prueba">
            <h3 id="titulo-prueba">Correo de prueba</h3>
            <TestEmailForm onSent={() => undefined} />
          </section>
        </>
      ) : (
        <DeliverySettingsForm key={state.version} settings={state.settings} etag={state.etag} onSaved={saved} onConflict={onConflict} />
      )}
    </Stack>
  );
}

const TEMPLATE_COLUMNS = (edit: (t: MailTemplateView) => void): readonly ResourceColumn<MailTemplateView>[] => [
  {
    header: 'Nombre',
    cell: (t) => (
      <>
        {t.name} {t.builtIn && <Badge $tone="info">De la plataforma</Badge>} {t.isDefault && <Badge $tone="success">Predeterminada</Badge>}
      </>
    ),
  },
  { header: 'Tipo', cell: (t) => TYPE_LABELS[t.type] },
  { header: 'Asunto', cell: (t) => t.subject },
  { header: 'Estado', cell: (t) => (t.active ? 'Activa' : 'Inactiva') },
  {
    header: 'Acciones',
    cell: (t) => (
      <Button onClick={() => edit(t)} aria-label={`Editar la plantilla ${t.name}`}>
        Editar
      </Button>
    ),
  },
];

function TemplatesTab() {
  const templates = useResource('templates', fetchTemplates);
  const [editing, setEditing] = useState<MailTemplateView | 'new' | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  if (editing)
    return (
      <TemplateEditor
        template={editing === 'new' ? null : editing}
        onCancel={() => setEditing(null)}
        onDone={(message) => {
          setEditing(null);
          setNotice(message);
          templates.reload();
        }}
      />
    );
  return (
    <Loaded resource={templates}>
      {(rows) => (
        <Stack $gap={3}>
          {notice && <Alert kind="success">{notice}</Alert>}
          <Row $justify="flex-end">
            <Button variant="primary" onClick={() => setEditing('new')}>
              Nueva plantilla
            </Button>
          </Row>
          <ResourceTable
            caption="Plantillas de correo"
            columns={TEMPLATE_COLUMNS(setEditing)}
            rows={rows}
            rowKey={(t) => t.id}
            loading={false}
            empty={rows.length === 0}
            emptyMessage="No hay plantillas."
          />
        </Stack>
      )}
    </Loaded>
  );
}

type CountRow = { readonly label: string; readonly count: number };
const STATUS_COUNT_COLUMNS: readonly ResourceColumn<CountRow>[] = [
  { header: 'Estado', cell: (r) => r.label },
  { header: 'Correos', cell: (r) => formatInteger(r.count) },
];
type TemplateCount = EmailAnalytics['byTemplate'][number];
const TEMPLATE_COUNT_COLUMNS: readonly ResourceColumn<TemplateCount>[] = [
  { header: 'Plantilla', cell: (t) => TEMPLATE_LABELS[t.template as keyof typeof TEMPLATE_LABELS] ?? t.template },
  { header: 'Total', cell: (t) => formatInteger(t.count) },
  { header: 'Enviados', cell: (t) => formatInteger(t.sent) },
  { header: 'Fallidos', cell: (t) => formatInteger(t.failed) },
];

function AnalyticsTab() {
  const analytics = useResource('analytics', fetchAnalytics);
  return <Loaded resource={analytics}>{(data) => <Analytics data={data} />}</Loaded>;
}

function Analytics({ data }: { readonly data: EmailAnalytics }) {
  const rows = data.byStatus.map((s) => ({ label: STATUS_LABELS[s.status as keyof typeof STATUS_LABELS] ?? s.status, count: s.count }));
  return (
    <Stack $gap={4}>
      <Muted>
        Desde el {formatDate(data.since)} (retención de {data.retentionDays} días).
      </Muted>
      <Suspense fallback={<Skeleton $height="220px" aria-hidden="true" />}>
        <EmailStatusChart rows={rows} />
      </Suspense>
      <ResourceTable
        caption="Correos por estado"
        columns={STATUS_COUNT_COLUMNS}
        rows={rows}
        rowKey={(r) => r.label}
        loading={false}
        empty={rows.length === 0}
        emptyMessage="Aún no hay correos."
      />
      <ResourceTable
        caption="Correos por plantilla"
        columns={TEMPLATE_COUNT_COLUMNS}
        rows={data.byTemplate}
        rowKey={(t) => t.template}
        loading={false}
        empty={data.byTemplate.length === 0}
        emptyMessage="Aún no hay correos."
      />
    </Stack>
  );
}
