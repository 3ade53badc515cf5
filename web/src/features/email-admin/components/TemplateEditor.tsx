import { useState } from 'react';
import { mailTemplateBody, TEMPLATE_TYPES, type MailTemplateView } from '../../../../../contract/email';
import { toApiErrorBody } from '../../../shared/api/errors';
import { useApi } from '../../../shared/kit/api-context';
import { FormActions } from '../../../shared/kit/FormActions';
import { FormField, FormFields, type FieldSpec } from '../../../shared/form/FormFields';
import { useContractForm } from '../../../shared/form/useContractForm';
import { useUnsavedChangesGuard } from '../../../shared/kit/useUnsavedChangesGuard';
import { Alert } from '../../../shared/ui/Alert';
import { Button } from '../../../shared/ui/Button';
import { Card, Muted, Row, Stack } from '../../../shared/ui/layout';
import { previewTemplate, saveTemplate, type TemplateDraft } from '../api/email-api';
import { TYPE_LABELS } from '../labels';

/** The template as edited: the variables as typed, comma-separated. */
type Draft = Omit<TemplateDraft, 'variables'> & { variables: string };

const EMPTY: Draft = { name: '', type: 'marketing', language: 'es-CL', subject: '', html: '', text: '', variables: '', active: true, isDefault: false };

const toDraft = (t: MailTemplateView | null): Draft =>
  t
    ? {
        name: t.name,
        type: t.type,
        language: t.language,
        subject: t.subject,
        html: t.html,
        text: t.text,
        variables: t.variables.join(', '),
        active: t.active,
        isDefault: t.isDefault,
      }
    : EMPTY;

/** The variables as typed, comma-separated. */
const declared = (typed: string): string[] =>
  typed
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean);

/** The contract's rule for a variable's name ({{nombre}}), said at the field before the server refuses it. */
const VARIABLE = /^[A-Za-z][A-Za-z0-9_]{0,40}$/;
const VARIABLE_MESSAGE = 'Cada variable empieza con una letra y lleva solo letras, números o guion bajo.';

const TYPE_OPTIONS = TEMPLATE_TYPES.map((t) => ({ value: t, label: TYPE_LABELS[t] }));

const CONTENT: readonly FieldSpec<Draft>[] = [
  { name: 'subject', label: 'Asunto', required: true },
  { name: 'html', label: 'Contenido HTML', kind: 'textarea', required: true, rows: 8 },
  { name: 'text', label: 'Contenido de texto', kind: 'textarea', required: true, rows: 6 },
];

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
  const form = useContractForm({
    schema: mailTemplateBody,
    defaultValues: toDraft(template),
    toBody: (draft: Draft) => ({ ...draft, variables: template?.builtIn ? template.variables : declared(draft.variables) }),
    rules: (_body, draft) => ({
      ...(draft.name.trim() ? {} : { name: 'El nombre de la plantilla es obligatorio.' }),
      ...(draft.subject.trim() ? {} : { subject: 'El asunto es obligatorio.' }),
      ...(draft.html.trim() ? {} : { html: 'El contenido HTML es obligatorio.' }),
      ...(draft.text.trim() ? {} : { text: 'El contenido de texto es obligatorio.' }),
      ...(template?.builtIn || declared(draft.variables).every((v) => VARIABLE.test(v)) ? {} : { variables: VARIABLE_MESSAGE }),
    }),
  });
  const { failure, busy } = form;
  const [preview, setPreview] = useState<{ subject: string; html: string; text: string } | null>(null);
  const [previewError, setPreviewError] = useState<string | null>(null);
  const guard = useUnsavedChangesGuard(form.formState.isDirty);

  const submit = form.submit(async (body, draft) => {
    await saveTemplate(api, template?.id ?? null, { ...draft, variables: body.variables });
    onDone(`Plantilla «${draft.name}» guardada.`);
  });

  const showPreview = async () => {
    const draft = form.getValues();
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
          <FormFields
            form={form}
            min="220px"
            fields={[
              { name: 'name', label: 'Nombre', required: true },
              { name: 'type', label: 'Tipo', kind: 'select', required: true, disabled: template?.builtIn, options: TYPE_OPTIONS },
              { name: 'language', label: 'Idioma' },
            ]}
          />
          {template?.builtIn ? (
            <Muted>Variables disponibles: {template.variables.length ? template.variables.map((v) => `{{${v}}}`).join(', ') : 'ninguna'}.</Muted>
          ) : (
            <FormField form={form} field={{ name: 'variables', label: 'Variables permitidas', hint: 'Separadas por coma, por ejemplo: nombre, enlace.' }} />
          )}
          <FormFields
            form={form}
            fields={[
              ...CONTENT,
              { name: 'active', label: 'Activa', kind: 'checkbox', hint: template?.builtIn ? 'Inactiva, la plataforma usa su texto original.' : undefined },
              { name: 'isDefault', label: 'Predeterminada de su tipo', kind: 'checkbox' },
            ]}
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
