import { useState } from 'react';
import { LEGAL_DOCUMENT_KINDS } from '../../../../../contract/company-registrations';
import { formatInteger } from '../../../shared/format/format';
import { useApi } from '../../../shared/kit/api-context';
import { LEGAL_DOCUMENT_UPLOAD } from '../../../shared/kit/upload-rules';
import { UploadField } from '../../../shared/kit/UploadField';
import { SelectField } from '../../../shared/ui/fields';
import { Muted, Row, Stack } from '../../../shared/ui/layout';
import { uploadRegistrationDocument } from '../api/registration-api';
import { DOCUMENT_KIND_LABELS } from './registration-labels';

export type UploadedDocument = { documentId: string; kind: string; name: string; size: number };

/**
 * Step 4: the legal documents, one at a time, each with a real progress bar and a cancel button. The browser
 * checks type and size first for a quick answer; the server checks the content and has the last word.
 */
export function DocumentsStep({
  registrationId,
  documents,
  onUploaded,
}: {
  registrationId: string;
  documents: readonly UploadedDocument[];
  onUploaded: (doc: UploadedDocument) => void;
}) {
  const api = useApi();
  const [kind, setKind] = useState<string>('constitution');

  return (
    <Stack $gap={3}>
      <Muted>Adjunte los documentos legales de la empresa: PDF, JPG o PNG de hasta 10 MB cada uno. Se necesita al menos uno.</Muted>
      <Row $gap={3} $wrap $align="flex-end">
        <SelectField
          label="Tipo de documento"
          name="kind"
          value={kind}
          options={LEGAL_DOCUMENT_KINDS.map((k) => ({ value: k, label: DOCUMENT_KIND_LABELS[k] }))}
          onChange={(e) => setKind(e.target.value)}
        />
        <UploadField
          label="Archivo"
          rule={LEGAL_DOCUMENT_UPLOAD}
          send={(file, onProgress, signal) => uploadRegistrationDocument(api, registrationId, kind, file, onProgress, signal)}
          onUploaded={(documentId, file) => onUploaded({ documentId, kind, name: file.name, size: file.size })}
        />
      </Row>
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
