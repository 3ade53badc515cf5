import { lazy, Suspense, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import {
  CAMPAIGN_STATUSES,
  campaignStatusLabel,
  isScheduledCampaign,
  type CampaignDetail,
  type CampaignItem,
  type CampaignMove,
  type CompanyItem,
} from '../../../../../contract/campaigns';
import { chileDay } from '../../../../../domain/shared/chile-day';
import { rutField } from '../../../../../contract/common';
import { ApiError, toApiErrorBody } from '../../../shared/api/errors';
import { formatDate } from '../../../shared/format/format';
import { useDocumentTitle } from '../../../shared/hooks/useDocumentTitle';
import { useApi } from '../../../shared/kit/api-context';
import { ConfirmDialog } from '../../../shared/kit/ConfirmDialog';
import { ResourceTable, type ResourceColumn } from '../../../shared/kit/ResourceTable';
import { useEditorModal } from '../../../shared/kit/useEditorModal';
import { ResourceError, tableState, useResource } from '../../../shared/kit/useResource';
import { Alert } from '../../../shared/ui/Alert';
import { Button } from '../../../shared/ui/Button';
import { SelectField, TextField } from '../../../shared/ui/fields';
import { Badge, Card, Grid, Muted, Row, Stack, TextLink } from '../../../shared/ui/layout';
import { Modal } from '../../../shared/ui/Modal';
import { Skeleton } from '../../../shared/ui/Skeleton';
import { enrolByRut, fetchCampaign, fetchCampaigns, fetchEmployers, moveCampaign } from '../api/campaigns-api';
import { CampaignForm } from '../components/CampaignForm';
import { MOVE_LABELS, MOVES_FROM, STATUS_LABELS, STATUS_TONES } from '../components/campaign-labels';

const EnrolmentChart = lazy(() => import('../components/EnrolmentChart'));

type Pending = { campaign: CampaignItem; move: CampaignMove } | null;

const NONE: readonly CampaignItem[] = [];
const NO_COMPANIES: readonly CompanyItem[] = [];

/** Back office, Campañas (spec §2: dashboard, list, form, draft/launch): each move confirmed, each change in the campaign's history. */
export default function CampaignsPage() {
  useDocumentTitle('Campañas');
  const api = useApi();
  const [params, setParams] = useSearchParams();
  const status = params.get('status') ?? '';
  const companyId = params.get('company') ?? '';
  const campaigns = useResource('campaigns', async (port) => {
    const [items, companies] = await Promise.all([fetchCampaigns(port), fetchEmployers(port)]);
    return { items, companies };
  });
  const load = campaigns.reload;
  const editor = useEditorModal<CampaignDetail>({
    reload: load,
    newTitle: 'Nueva campaña',
    conflict: 'Otra persona modificó esta campaña mientras usted editaba. Ábrala de nuevo para ver su versión actual.',
  });
  const { notice, setNotice } = editor;
  const [pending, setPending] = useState<Pending>(null);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | undefined>();
  const [enrolling, setEnrolling] = useState<CampaignItem | null>(null);
  const [rut, setRut] = useState('');
  const [rutError, setRutError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const all = campaigns.data?.items ?? NONE;
  const companies = campaigns.data?.companies ?? NO_COMPANIES;
  const companyName = useMemo(() => new Map(companies.map((c) => [c.id, c.name])), [companies]);
  const shown = all.filter((c) => (!status || c.status === status) && (!companyId || c.companyId === companyId));
  const setFilter = (key: 'status' | 'company', value: string) => {
    const next = new URLSearchParams(params);
    if (value) next.set(key, value);
    else next.delete(key);
    setParams(next, { replace: true });
  };

  const edit = async (campaign: CampaignItem) => {
    try {
      editor.edit(await fetchCampaign(api, campaign.id));
    } catch (error) {
      setNotice({ kind: 'error', text: toApiErrorBody(error).message });
    }
  };
  const confirmMove = async () => {
    if (!pending) return;
    if (pending.move === 'eliminate' && !reason.trim()) return setReasonError('Este campo es obligatorio.');
    setBusy(true);
    try {
      await moveCampaign(api, pending.campaign.id, pending.move, reason.trim() || undefined);
      setNotice({ kind: 'success', text: `${MOVE_LABELS[pending.move].title}: «${pending.campaign.name}» listo.` });
      load();
    } catch (error) {
      setNotice({ kind: 'error', text: toApiErrorBody(error).message });
    } finally {
      setBusy(false);
      setPending(null);
    }
  };
  const confirmEnrol = async () => {
    if (!enrolling) return;
    const checked = rutField.safeParse(rut);
    if (!checked.success) return setRutError('Por favor revise su RUT. El dígito verificador no es válido.');
    setBusy(true);
    try {
      await enrolByRut(api, enrolling.id, rut);
      setNotice({ kind: 'success', text: `RUT ${rut} inscrito en «${enrolling.name}».` });
      setEnrolling(null);
      load();
    } catch (error) {
      const body = toApiErrorBody(error);
      setRutError(error instanceof ApiError ? (body.fieldErrors[0]?.message ?? body.message) : body.message);
    } finally {
      setBusy(false);
    }
  };

  const columns: ResourceColumn<CampaignItem>[] = [
    {
      header: 'Campaña',
      rowHeader: true,
      cell: (c) => (['active', 'paused', 'ended'].includes(c.status) ? <TextLink to={`/campaigns/${encodeURIComponent(c.id)}`}>{c.name}</TextLink> : c.name),
    },
    { header: 'Empresa', cell: (c) => companyName.get(c.companyId) ?? c.companyId },
    {
      header: 'Estado',
      cell: (c) => {
        const today = chileDay(new Date());
        return <Badge $tone={isScheduledCampaign(c, today) ? 'info' : STATUS_TONES[c.status]}>{campaignStatusLabel(c, today)}</Badge>;
      },
    },
    { header: 'Vigencia', cell: (c) => `${formatDate(c.startDate)} – ${c.endDate ? formatDate(c.endDate) : 'sin término'}` },
    { header: 'Inscritos', cell: (c) => c.enrolledCount },
    {
      header: 'Acciones',
      cell: (c) => (
        <Row $gap={1} $wrap>
          {['draft', 'active', 'paused'].includes(c.status) && (
            <Button variant="ghost" onClick={() => edit(c)} aria-label={`Editar ${c.name}`}>
              Editar
            </Button>
          )}
          {c.status === 'active' && (
            <Button
              variant="ghost"
              onClick={() => {
                setEnrolling(c);
                setRut('');
                setRutError(undefined);
              }}
              aria-label={`Inscribir por RUT en ${c.name}`}
            >
              Inscribir
            </Button>
          )}
          {MOVES_FROM[c.status].map((move) => (
            <Button
              key={move}
              variant={move === 'eliminate' ? 'danger' : 'ghost'}
              onClick={() => {
                setPending({ campaign: c, move });
                setReason('');
                setReasonError(undefined);
              }}
              aria-label={`${MOVE_LABELS[move].action} ${c.name}`}
            >
              {MOVE_LABELS[move].action}
            </Button>
          ))}
        </Row>
      ),
    },
  ];
  const counts = CAMPAIGN_STATUSES.map((s) => ({ status: s, count: all.filter((c) => c.status === s).length }));
  const chartRows = all.filter((c) => c.status === 'active' || c.status === 'paused').map((c) => ({ name: c.name, enrolled: c.enrolledCount }));

  return (
    <Stack $gap={4}>
      <Row $justify="space-between" $align="center">
        <h1>Campañas</h1>
        <Button variant="primary" onClick={() => editor.edit('new')} disabled={!campaigns.data}>
          Nueva campaña
        </Button>
      </Row>
      {notice && <Alert kind={notice.kind}>{notice.text}</Alert>}
      <ResourceError resource={campaigns} />
      <Grid $min="150px" aria-label="Campañas por estado" role="list">
        {counts.map(({ status: s, count }) => (
          <Card key={s} role="listitem">
            <Muted>{STATUS_LABELS[s]}</Muted>
            <strong style={{ fontSize: '1.75rem' }}>{campaigns.data ? count : '—'}</strong>
          </Card>
        ))}
      </Grid>
      {chartRows.length > 0 && (
        <Card aria-labelledby="titulo-inscritos">
          <h2 id="titulo-inscritos">Inscritos por campaña vigente</h2>
          <Suspense fallback={<Skeleton $height="120px" />}>
            <EnrolmentChart rows={chartRows} />
          </Suspense>
        </Card>
      )}
      <Row $gap={3} $wrap>
        <SelectField
          label="Estado"
          name="status"
          value={status}
          placeholder="Todos"
          options={CAMPAIGN_STATUSES.map((s) => ({ value: s, label: STATUS_LABELS[s] }))}
          onChange={(e) => setFilter('status', e.target.value)}
        />
        <SelectField
          label="Empresa"
          name="company"
          value={companyId}
          placeholder="Todas"
          options={companies.map((c) => ({ value: c.id, label: c.name }))}
          onChange={(e) => setFilter('company', e.target.value)}
        />
      </Row>
      <ResourceTable
        caption="Campañas"
        columns={columns}
        rowKey={(c) => c.id}
        {...tableState(campaigns, shown)}
        emptyMessage="No hay campañas con estos filtros."
      />
      <Modal {...editor.modal}>{editor.record !== undefined && <CampaignForm campaign={editor.record} companies={companies} {...editor.form} />}</Modal>
      <ConfirmDialog
        open={pending !== null}
        title={pending ? MOVE_LABELS[pending.move].title : ''}
        confirmLabel={pending ? MOVE_LABELS[pending.move].action : ''}
        danger={pending?.move === 'eliminate' || pending?.move === 'end'}
        busy={busy}
        busyLabel="Guardando..."
        onConfirm={confirmMove}
        onCancel={() => setPending(null)}
      >
        <p>{pending && `«${pending.campaign.name}»: ${MOVE_LABELS[pending.move].text}`}</p>
        {pending?.move === 'eliminate' && (
          <TextField
            label="Motivo"
            name="reason"
            required
            value={reason}
            error={reasonError}
            onChange={(e) => {
              setReason(e.target.value);
              setReasonError(undefined);
            }}
          />
        )}
      </ConfirmDialog>
      <ConfirmDialog
        open={enrolling !== null}
        title={enrolling ? `Inscribir en «${enrolling.name}»` : ''}
        confirmLabel="Inscribir"
        busy={busy}
        busyLabel="Inscribiendo..."
        onConfirm={confirmEnrol}
        onCancel={() => setEnrolling(null)}
      >
        <TextField
          label="RUT del colaborador"
          name="rut"
          required
          hint="Ej.: 12.345.678-5"
          value={rut}
          error={rutError}
          onChange={(e) => {
            setRut(e.target.value);
            setRutError(undefined);
          }}
        />
      </ConfirmDialog>
    </Stack>
  );
}
