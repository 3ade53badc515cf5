import { useState, type FormEvent } from 'react';
import { TEMPLATE_TYPES, type MailTemplateView } from '../../../../../contract/email';
import { toApiErrorBody } from '../../../shared/api/errors';
import { useApi } from '../../../shared/kit/api-context';
import { FormActions } from '../../../shared/kit/FormActions';
import { useServerSubmit } from '../../../shared/kit/useServerSubmit';
import { useUnsavedChangesGuard } from '../../../shared/kit/useUnsavedChangesGuard';
import { Alert } from '../../../shared/ui/Alert';
import { Button } from '../../../shared/ui/Button';
import { CheckboxField, SelectField, TextAreaField, TextField } from '../../../shared/ui/fields';
import { Card, Grid, Muted, Row, Stack } from '../../../shared/ui/layout';
import { previewTemplate, saveTemplate, type TemplateDraft } from '../api/email-api';
import { TYPE_LABELS } from '../labels';

const EMPTY: TemplateDraft = { name: '', type: 'marketing', language: 'es-CL', subject: '', html: '', text: '', variables: [], active: true, isDefault: false };

export interface TemplateEditorProps {
  /** Null: a new template of its own. */
  readonly template: MailTemplateView | null;
  readonly onDone: (message: string) => void;
  readonly onCancel: () => void;
}

/**
 * Edit a template (spec §3 Templates, §5 only allowed variables): the platform's mails keep their variables;
 * a template of its own declares them. The preview renders the draft with the sample values, HTML escaped.
 */
export function TemplateEditor({ template, onDone, onCancel }: TemplateEditorProps) {
  const api = useApi();
  const initial: TemplateDraft = template
    ? {
        name: template.name,
        type: template.type,
        language: template.language,
        subject: template.subject,
        html: template.html,
        text: template.text,
        variables: template.variables,
        active: template.active,
        isDefault: template.isDefault,
      }
    : EMPTY;
  const [draft, setDraft] = useState<TemplateDraft>(initial);
  const [variables, setVariables] = useState(initial.variables.join(', '));
  const [preview, setPreview] = useState<{ subject: string; html: string; text: string } | null>(null);
  const [previewError, setPreviewError] = useState<string | null>(null);
  const { errors, setErrors, failure, busy, run, clear } = useServerSubmit();
  const guard = useUnsavedChangesGuard(JSON.stringify(draft) !== JSON.stringify(initial));
  const set = <K extends keyof TemplateDraft>(key: K, value: TemplateDraft[K]) => {
    setDraft((d) => ({ ...d, [key]: value }));
    clear(key);
  };
  const declared = () =>
    variables
      .split(',')
      .map((v) => v.trim())
      .filter(Boolean);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const next: Record<string, string> = {};
    if (!draft.name.trim()) next.name = 'El nombre de la plantilla es obligatorio.';
    if (!draft.subject.trim()) next.subject = 'El asunto es obligatorio.';
    if (!draft.html.trim()) next.html = 'El contenido HTML es obligatorio.';
    if (!draft.text.trim()) next.text = 'El contenido de texto es obligatorio.';
    setErrors(next);
    if (Object.keys(next).length) return;
    await run(async () => {
      await saveTemplate(api, template?.id ?? null, { ...draft, variables: template?.builtIn ? template.variables : declared() });
      onDone(`Plantilla «${draft.name}» guardada.`);
    });
  };

  const showPreview = async () => {
    setPreviewError(null);
    try {
      setPreview(await previewTemplate(api, { templateId: template?.id, subject: draft.subject, html: draft.html, text: draft.text }));
    } catch (error) {
      const body = toApiErrorBody(error);
      setPreview(null);
      setPreviewError([body.message, ...body.fieldErrors.map((f) => f.message)].filter(Boolean).join(' '));
    }
  };

  return (
    <Stack $gap={4}>
      <form onSubmit={submit} noValidate aria-label={template ? `Editar plantilla ${template.name}` : 'Nueva plantilla'}>
        <Stack $gap={3}>
          {failure && <Alert kind="error">{failure}</Alert>}
          <Grid $min="220px">
            <TextField label="Nombre" name="name" required value={draft.name} error={errors.name} onChange={(e) => set('name', e.target.value)} />
            <SelectField
              label="Tipo"
              name="type"
              required
              disabled={template?.builtIn}
              value={draft.type}
              options={TEMPLATE_TYPES.map((t) => ({ value: t, label: TYPE_LABELS[t] }))}
              error={errors.type}
              onChange={(e) => set('type', e.target.value as TemplateDraft['type'])}
            />
            <TextField label="Idioma" name="language" value={draft.language} error={errors.language} onChange={(e) => set('language', e.target.value)} />
          </Grid>
          {template?.builtIn ? (
            <Muted>Variables disponibles: {template.variables.length ? template.variables.map((v) => `{{${v}}}`).join(', ') : 'ninguna'}.</Muted>
          ) : (
            <TextField
              label="Variables permitidas"
              name="variables"
              hint="Separadas por coma, por ejemplo: nombre, enlace."
              value={variables}
              error={errors.variables}
              onChange={(e) => setVariables(e.target.value)}
            />
          )}
          <TextField label="Asunto" name="subject" required value={draft.subject} error={errors.subject} onChange={(e) => set('subject', e.target.value)} />
          <TextAreaField
            label="Contenido HTML"
            name="html"
            required
            rows={8}
            value={draft.html}
            error={errors.html}
            onChange={(e) => set('html', e.target.value)}
          />
          <TextAreaField
            label="Contenido de texto"
            name="text"
            required
            rows={6}
            value={draft.text}
            error={errors.text}
            onChange={(e) => set('text', e.target.value)}
          />
          <CheckboxField
            label="Activa"
            name="active"
            checked={draft.active}
            onChange={(e) => set('active', e.target.checked)}
            hint={template?.builtIn ? 'Inactiva, la plataforma usa su texto original.' : undefined}
          />
          <CheckboxField
            label="Predeterminada de su tipo"
            name="isDefault"
            checked={draft.isDefault}
            error={errors.isDefault}
            onChange={(e) => set('isDefault', e.target.checked)}
          />
          <Row $gap={2} $wrap>
            <Button onClick={() => void showPreview()}>Vista previa</Button>
          </Row>
          <FormActions submitLabel="Guardar plantilla" busy={busy} onCancel={onCancel} />
        </Stack>
      </form>
      {guard}
      {previewError && <Alert kind="error">{previewError}</Alert>}
      {preview && (
        <Card aria-labelledby="vista-previa">
          <h3 id="vista-previa">Vista previa con datos de ejemplo</h3>
          <p>
            <strong>Asunto:</strong> {preview.subject}
          </p>
          {/* The preview's HTML comes from the server's renderer, which escapes every value; sandboxed all the same. */}
          <iframe
            title="Vista previa del contenido HTML"
            sandbox=""
            srcDoc={preview.html}
            style={{ width: '100%', minHeight: 180, border: 0, background: '#fff' }}
          />
          <pre style={{ whiteSpace: 'pre-wrap' }}>{preview.text}</pre>
        </Card>
      )}
    </Stack>
  );
}
