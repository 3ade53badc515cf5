import { useEffect, useState, type FormEvent } from 'react';
import { LEGAL_DOCUMENTS, LEGAL_NOTICE_DAYS, publishLegalDocumentBody, type LegalDocument, type LegalDocumentKind } from '../../../../../contract/content';
import { ApiError, fieldErrorMap, toApiErrorBody } from '../../../shared/api/errors';
import { formatDate } from '../../../shared/format/format';
import { useDocumentTitle } from '../../../shared/hooks/useDocumentTitle';
import { useApi } from '../../../shared/kit/api-context';
import { ConfirmDialog } from '../../../shared/kit/ConfirmDialog';
import { useUnsavedChangesGuard } from '../../../shared/kit/useUnsavedChangesGuard';
import { Alert } from '../../../shared/ui/Alert';
import { Button } from '../../../shared/ui/Button';
import { TextAreaField, TextField } from '../../../shared/ui/fields';
import { Card, Grid, Muted, Stack } from '../../../shared/ui/layout';
import { LoadFailed } from '../../../shared/ui/LoadFailed';
import { Skeleton } from '../../../shared/ui/Skeleton';
import { zodFieldMessages } from '../../../shared/validation/zod-messages';

const NAMES: Record<LegalDocumentKind, string> = { terms: 'Términos y condiciones', privacy: 'Política de privacidad' };
const DAY_MS = 86_400_000;

type State = { status: 'loading' } | { status: 'failed'; message: string } | { status: 'loaded'; doc: LegalDocument };

/** One legal document: the version in force, the announced one, and the form that publishes the next. */
function LegalDocumentEditor({ kind }: { readonly kind: LegalDocumentKind }) {
  const api = useApi();
  const [state, setState] = useState<State>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const [draft, setDraft] = useState<{ title: string; body: string } | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<{ kind: 'success' | 'error'; text: string } | null>(null);
  useEffect(() => {
    let live = true;
    api.request<LegalDocument>({ method: 'GET', path: `/content/${kind}` }).then(
      (res) => live && setState({ status: 'loaded', doc: res.data }),
      (error: unknown) => live && setState({ status: 'failed', message: toApiErrorBody(error).message }),
    );
    return () => {
      live = false;
    };
  }, [api, kind, attempt]);
  const latest = state.status === 'loaded' ? (state.doc.upcoming ?? state.doc.inForce) : null;
  const current = draft ?? { title: latest?.title ?? NAMES[kind], body: latest?.body ?? '' };
  const dirty = draft !== null && (draft.title !== (latest?.title ?? NAMES[kind]) || draft.body !== (latest?.body ?? ''));
  const guard = useUnsavedChangesGuard(dirty && !busy);
  const effectiveOn = state.status === 'loaded' && state.doc.inForce ? new Date(Date.now() + LEGAL_NOTICE_DAYS * DAY_MS) : new Date();

  const review = (event: FormEvent) => {
    event.preventDefault();
    const checked = publishLegalDocumentBody.safeParse(current);
    if (!checked.success) return setErrors(zodFieldMessages(checked.error));
    setErrors({});
    setConfirming(true);
  };
  const publish = async () => {
    setBusy(true);
    try {
      const res = await api.request<{ version: number; effectiveAt: string }>({ method: 'POST', path: `/content/${kind}`, body: current });
      setOutcome({ kind: 'success', text: `Versión ${res.data.version} publicada: rige desde el ${formatDate(res.data.effectiveAt)}.` });
      setDraft(null);
      setAttempt((n) => n + 1);
    } catch (error) {
      const body = toApiErrorBody(error);
      if (error instanceof ApiError) setErrors(fieldErrorMap(body));
      setOutcome({ kind: 'error', text: body.fieldErrors[0]?.message ?? body.message });
    } finally {
      setBusy(false);
      setConfirming(false);
    }
  };

  return (
    <Card aria-labelledby={`titulo-${kind}`}>
      <h2 id={`titulo-${kind}`}>{NAMES[kind]}</h2>
      {state.status === 'loading' && <Skeleton $height="120px" aria-hidden="true" />}
      {state.status === 'failed' && <LoadFailed message={state.message} onRetry={() => setAttempt((n) => n + 1)} />}
      {state.status === 'loaded' && (
        <Stack $gap={3}>
          <Muted>
            {state.doc.inForce
              ? `Vigente: versión ${state.doc.inForce.version}, desde el ${formatDate(state.doc.inForce.effectiveAt)}.`
              : 'Aún no hay una versión publicada.'}
            {state.doc.upcoming && ` Anunciada: versión ${state.doc.upcoming.version}, rige desde el ${formatDate(state.doc.upcoming.effectiveAt)}.`}
          </Muted>
          {outcome && <Alert kind={outcome.kind}>{outcome.text}</Alert>}
          <form onSubmit={review} noValidate aria-label={`Publicar ${NAMES[kind].toLowerCase()}`}>
            <Stack $gap={3}>
              <TextField
                label="Título"
                name="title"
                value={current.title}
                error={errors.title}
                onChange={(e) => setDraft({ ...current, title: e.target.value })}
              />
              <TextAreaField
                label="Texto"
                name="body"
                rows={10}
                value={current.body}
                error={errors.body}
                hint='Separe los párrafos con una línea en blanco; una línea que empieza con "## " es un subtítulo.'
                onChange={(e) => setDraft({ ...current, body: e.target.value })}
              />
              <div>
                <Button type="submit" variant="primary" disabled={!dirty}>
                  Publicar nueva versión
                </Button>
              </div>
            </Stack>
          </form>
        </Stack>
      )}
      <ConfirmDialog
        open={confirming}
        title={`Publicar ${NAMES[kind].toLowerCase()}`}
        confirmLabel="Publicar"
        busy={busy}
        busyLabel="Publicando..."
        onConfirm={publish}
        onCancel={() => setConfirming(false)}
      >
        <p>
          {state.status === 'loaded' && state.doc.inForce
            ? `La nueva versión se anunciará hoy y regirá desde el ${formatDate(effectiveOn)} (${LEGAL_NOTICE_DAYS} días corridos). Hasta entonces sigue vigente la actual.`
            : 'Es la primera versión: rige desde hoy.'}
        </p>
      </ConfirmDialog>
      {guard}
    </Card>
  );
}

/** Back office, Términos y privacidad: publish new versions; a change takes effect 10 calendar days later (spec §9). */
export default function LegalDocumentsAdminPage() {
  useDocumentTitle('Términos y privacidad');
  return (
    <Stack $gap={4}>
      <h1>Términos y privacidad</h1>
      <Muted>Cada publicación es una versión nueva: la anterior sigue vigente {LEGAL_NOTICE_DAYS} días corridos y las personas ven ambas con su fecha.</Muted>
      <Grid $min="420px">
        {LEGAL_DOCUMENTS.map((kind) => (
          <LegalDocumentEditor key={kind} kind={kind} />
        ))}
      </Grid>
    </Stack>
  );
}
