import { useState, type FormEvent } from 'react';
import { rutField } from '../../../../../contract/common';
import { toApiErrorBody } from '../../../shared/api/errors';
import { formatDate } from '../../../shared/format/format';
import { useDocumentTitle } from '../../../shared/hooks/useDocumentTitle';
import { useApi } from '../../../shared/kit/api-context';
import { Alert } from '../../../shared/ui/Alert';
import { Button } from '../../../shared/ui/Button';
import { TextField } from '../../../shared/ui/fields';
import { Card, Container, Muted, Stack } from '../../../shared/ui/layout';
import { LoadFailed } from '../../../shared/ui/LoadFailed';
import { enrolByRut, usePublicCampaignQuery } from '../api/campaigns-api';

export interface CampaignPublicPageProps {
  readonly campaignId: string;
  readonly authenticated: boolean;
  /** Takes the visitor to sign in and back here. */
  readonly onSignIn: () => void;
}

/** A campaign's public page (spec §3: self-enrolment by RUT): what it offers, and "Inscribirme" with the person's own RUT. */
export default function CampaignPublicPage({ campaignId, authenticated, onSignIn }: CampaignPublicPageProps) {
  const api = useApi();
  const read = usePublicCampaignQuery({ params: { id: campaignId } });
  const state = read.currentData
    ? ({ status: 'loaded', campaign: read.currentData } as const)
    : read.isError && !read.isFetching
      ? ({ status: 'failed', message: toApiErrorBody(read.error).message } as const)
      : ({ status: 'loading' } as const);
  const [rut, setRut] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [enrolled, setEnrolled] = useState(false);
  const [busy, setBusy] = useState(false);
  useDocumentTitle(state.status === 'loaded' ? state.campaign.name : 'Campaña');
  const enrol = async (event: FormEvent) => {
    event.preventDefault();
    if (!rutField.safeParse(rut).success) return setError('Por favor revise su RUT. El dígito verificador no es válido.');
    setBusy(true);
    try {
      await enrolByRut(api, campaignId, rut);
      setEnrolled(true);
    } catch (caught) {
      const body = toApiErrorBody(caught);
      setError(body.fieldErrors[0]?.message ?? body.message);
    } finally {
      setBusy(false);
    }
  };
  if (state.status === 'loading') return <Muted>Cargando...</Muted>;
  if (state.status === 'failed') return <LoadFailed message={state.message} onRetry={() => window.location.reload()} />;
  const { campaign } = state;
  return (
    <Container $width="medium">
      <Card>
        <Stack $gap={3}>
          <h1>{campaign.name}</h1>
          <Muted>
            {campaign.companyName} · desde el {formatDate(campaign.startDate)}
            {campaign.endDate ? ` hasta el ${formatDate(campaign.endDate)}` : ''}
          </Muted>
          <p>{campaign.description}</p>
          {campaign.status !== 'active' && <Alert kind="info">Esta campaña no está recibiendo inscripciones.</Alert>}
          {campaign.status === 'active' && !campaign.selfEnrollmentByRut && <Alert kind="info">Su empresa inscribe a sus colaboradores en esta campaña.</Alert>}
          {campaign.status === 'active' && campaign.selfEnrollmentByRut && enrolled && (
            <Alert kind="success">Quedó inscrito en la campaña. Su aporte aparecerá en sus simulaciones y cotizaciones.</Alert>
          )}
          {campaign.status === 'active' && campaign.selfEnrollmentByRut && !enrolled && !authenticated && (
            <>
              <p>Para inscribirse, ingrese a su cuenta; si aún no la tiene, créela con su email laboral.</p>
              <div>
                <Button variant="primary" onClick={onSignIn}>
                  Ingresar para inscribirme
                </Button>
              </div>
            </>
          )}
          {campaign.status === 'active' && campaign.selfEnrollmentByRut && !enrolled && authenticated && (
            <form onSubmit={enrol} noValidate aria-label="Inscribirme en la campaña">
              <Stack $gap={3}>
                <TextField
                  label="Su RUT"
                  name="rut"
                  required
                  hint="Ej.: 12.345.678-5"
                  value={rut}
                  error={error}
                  onChange={(e) => {
                    setRut(e.target.value);
                    setError(undefined);
                  }}
                />
                <div>
                  <Button type="submit" variant="primary" busy={busy} busyLabel="Inscribiendo...">
                    Inscribirme
                  </Button>
                </div>
              </Stack>
            </form>
          )}
        </Stack>
      </Card>
    </Container>
  );
}
