import { lazy, Suspense, useEffect, useState } from 'react';
import { Link, useLocation, useParams } from 'react-router-dom';
import styled from 'styled-components';
import type { EmailSettings, MailTemplateView } from '../../../../../contract/email';
import { toApiErrorBody } from '../../../shared/api/errors';
import { formatDate, formatInteger } from '../../../shared/format/format';
import { useDocumentTitle } from '../../../shared/hooks/useDocumentTitle';
import { useApi } from '../../../shared/kit/api-context';
import { Alert } from '../../../shared/ui/Alert';
import { Button } from '../../../shared/ui/Button';
import { LoadFailed } from '../../../shared/ui/LoadFailed';
import { Badge, Card, Muted, Row, Stack } from '../../../shared/ui/layout';
import { Skeleton } from '../../../shared/ui/Skeleton';
import { Table, TableWrapper } from '../../../shared/ui/table';
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
  gap: ${({ theme }) => theme.space(4)};
  nav ul { list-style: none; margin: 0; padding: 0; display: flex; flex-wrap: wrap; gap: ${({ theme }) => theme.space(1)}; }
  nav a { display: block; padding: ${({ theme }) => `${theme.space(2)} ${theme.space(3)}`}; border-radius: ${({ theme }) => theme.radius.md}; color: ${({ theme }) => theme.colors.text}; text-decoration: none; }
  nav a[aria-current='page'] { background: ${({ theme }) => theme.colors.primary}; color: ${({ theme }) => theme.colors.onPrimary}; }
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
        <nav aria-label="Secciones de correos">
          <ul>
            {TABS.map((t) => (
              <li key={t.key}>
                <Link to={tabPath(t.key)} aria-current={t.key === tab ? 'page' : undefined}>
                  {t.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
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
          <Button onClick={() => { setConflict(false); load(); }}>Recargar</Button>
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

function TemplatesTab() {
  const api = useApi();
  const [templates, setTemplates] = useState<MailTemplateView[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [editing, setEditing] = useState<MailTemplateView | 'new' | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const load = () => {
    setError(null);
    fetchTemplates(api).then(setTemplates, (failure: unknown) => setError(toApiErrorBody(failure).message));
  };
  useEffect(load, [api]);
  if (error) return <LoadFailed message={error} onRetry={load} />;
  if (!templates) return <Skeleton $height="240px" aria-hidden="true" />;
  if (editing)
    return (
      <TemplateEditor
        template={editing === 'new' ? null : editing}
        onCancel={() => setEditing(null)}
        onDone={(message) => {
          setEditing(null);
          setNotice(message);
          load();
        }}
      />
    );
  return (
    <Stack $gap={3}>
      {notice && <Alert kind="success">{notice}</Alert>}
      <Row $justify="flex-end">
        <Button variant="primary" onClick={() => setEditing('new')}>
          Nueva plantilla
        </Button>
      </Row>
      <TableWrapper>
        <Table>
          <caption>Plantillas de correo</caption>
          <thead>
            <tr>
              <th scope="col">Nombre</th>
              <th scope="col">Tipo</th>
              <th scope="col">Asunto</th>
              <th scope="col">Estado</th>
              <th scope="col">Acciones</th>
            </tr>
          </thead>
          <tbody>
            {templates.map((t) => (
              <tr key={t.id}>
                <td>
                  {t.name} {t.builtIn && <Badge $tone="info">De la plataforma</Badge>} {t.isDefault && <Badge $tone="success">Predeterminada</Badge>}
                </td>
                <td>{TYPE_LABELS[t.type]}</td>
                <td>{t.subject}</td>
                <td>{t.active ? 'Activa' : 'Inactiva'}</td>
                <td>
                  <Button onClick={() => setEditing(t)} aria-label={`Editar la plantilla ${t.name}`}>
                    Editar
                  </Button>
                </td>
              </tr>
            ))}
          </tbody>
        </Table>
      </TableWrapper>
    </Stack>
  );
}

function AnalyticsTab() {
  const api = useApi();
  const [data, setData] = useState<EmailAnalytics | null>(null);
  const [error, setError] = useState<string | null>(null);
  const load = () => {
    setError(null);
    fetchAnalytics(api).then(setData, (failure: unknown) => setError(toApiErrorBody(failure).message));
  };
  useEffect(load, [api]);
  if (error) return <LoadFailed message={error} onRetry={load} />;
  if (!data) return <Skeleton $height="240px" aria-hidden="true" />;
  const rows = data.byStatus.map((s) => ({ label: STATUS_LABELS[s.status as keyof typeof STATUS_LABELS] ?? s.status, count: s.count }));
  return (
    <Stack $gap={4}>
      <Muted>
        Desde el {formatDate(data.since)} (retención de {data.retentionDays} días).
      </Muted>
      <Suspense fallback={<Skeleton $height="220px" aria-hidden="true" />}>
        <EmailStatusChart rows={rows} />
      </Suspense>
      <TableWrapper>
        <Table>
          <caption>Correos por estado</caption>
          <thead>
            <tr>
              <th scope="col">Estado</th>
              <th scope="col">Correos</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.label}>
                <td>{r.label}</td>
                <td>{formatInteger(r.count)}</td>
              </tr>
            ))}
          </tbody>
        </Table>
      </TableWrapper>
      <TableWrapper>
        <Table>
          <caption>Correos por plantilla</caption>
          <thead>
            <tr>
              <th scope="col">Plantilla</th>
              <th scope="col">Total</th>
              <th scope="col">Enviados</th>
              <th scope="col">Fallidos</th>
            </tr>
          </thead>
          <tbody>
            {data.byTemplate.map((t) => (
              <tr key={t.template}>
                <td>{TEMPLATE_LABELS[t.template as keyof typeof TEMPLATE_LABELS] ?? t.template}</td>
                <td>{formatInteger(t.count)}</td>
                <td>{formatInteger(t.sent)}</td>
                <td>{formatInteger(t.failed)}</td>
              </tr>
            ))}
          </tbody>
        </Table>
      </TableWrapper>
    </Stack>
  );
}
