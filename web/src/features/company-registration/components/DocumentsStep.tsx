import { useRef, useState } from 'react';
import { LEGAL_DOCUMENT_KINDS, REGISTRATION_DOCUMENT_MAX_BYTES } from '../../../../../contract/company-registrations';
import { toApiErrorBody } from '../../../shared/api/errors';
import { formatInteger } from '../../../shared/format/format';
import { useApi } from '../../../shared/kit/api-context';
import { Alert } from '../../../shared/ui/Alert';
import { Button } from '../../../shared/ui/Button';
import { SelectField } from '../../../shared/ui/fields';
import { Muted, Row, Stack } from '../../../shared/ui/layout';
import { uploadRegistrationDocument } from '../api/registration-api';
import { DOCUMENT_KIND_LABELS } from './registration-labels';

export type UploadedDocument = { documentId: string; kind: string; name: string; size: number };

const ACCEPT = ['application/pdf', 'image/jpeg', 'image/png'];

/**
 * Step 4: the legal documents, one at a time, each with a real progress bar and a cancel button. The browser
 * checks type and size first for a quick answer; the server checks the content and has the last word.
 */
export function DocumentsStep({ registrationId, documents, onUploaded }: { registrationId: string; documents: readonly UploadedDocument[]; onUploaded: (doc: UploadedDocument) => void }) {
  const api = useApi();
  const input = useRef<HTMLInputElement>(null);
  const [kind, setKind] = useState<string>('constitution');
  const [progress, setProgress] = useState<{ sent: number; total: number; name: string } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const abort = useRef<AbortController | null>(null);

  const upload = async (file: File) => {
    setError(null);
    if (!ACCEPT.includes(file.type)) return setError('Tipo de archivo no permitido: use PDF, JPG o PNG.');
    if (file.size > REGISTRATION_DOCUMENT_MAX_BYTES) return setError('El archivo supera el máximo de 10 MB.');
    const controller = new AbortController();
    abort.current = controller;
    setProgress({ sent: 0, total: file.size, name: file.name });
    try {
      const documentId = await uploadRegistrationDocument(api, registrationId, kind, file, (sent, total) => setProgress({ sent, total: total || file.size, name: file.name }), controller.signal);
      onUploaded({ documentId, kind, name: file.name, size: file.size });
    } catch (caught) {
      setError(caught instanceof DOMException && caught.name === 'AbortError' ? 'Carga cancelada.' : (toApiErrorBody(caught).fieldErrors[0]?.message ?? toApiErrorBody(caught).message));
    } finally {
      setProgress(null);
      abort.current = null;
      if (input.current) input.current.value = '';
    }
  };

  return (
    <Stack $gap={3}>
      <Muted>Adjunte los documentos legales de la empresa: PDF, JPG o PNG de hasta 10 MB cada uno. Se necesita al menos uno.</Muted>
      {error && <Alert kind="error">{error}</Alert>}
      <Row $gap={3} $wrap $align="flex-end">
        <SelectField label="Tipo de documento" name="kind" value={kind} options={LEGAL_DOCUMENT_KINDS.map((k) => ({ value: k, label: DOCUMENT_KIND_LABELS[k] }))} onChange={(e) => setKind(e.target.value)} />
        <label>
          <span style={{ display: 'block', fontWeight: 600 }}>Archivo</span>
          <input ref={input} type="file" name="file" accept=".pdf,.jpg,.jpeg,.png,application/pdf,image/jpeg,image/png" disabled={!!progress} onChange={(e) => e.target.files?.[0] && upload(e.target.files[0])} />
        </label>
      </Row>
      {progress && (
        <Row $gap={2} $align="center">
          <progress aria-label={`Subiendo ${progress.name}`} max={progress.total || 1} value={progress.sent} />
          <span aria-live="polite">{progress.total ? `${formatInteger(Math.round((progress.sent / progress.total) * 100))} %` : ''}</span>
          <Button variant="ghost" onClick={() => abort.current?.abort()}>
            Cancelar carga
          </Button>
        </Row>
      )}
      <ul aria-label="Documentos adjuntos">
        {documents.map((d) => (
          <li key={d.documentId}>
            {DOCUMENT_KIND_LABELS[d.kind as keyof typeof DOCUMENT_KIND_LABELS]}: {d.name} ({formatInteger(Math.ceil(d.size / 1024))} KB)
          </li>
        ))}
      </ul>
    </Stack>
  );
}
