import { useId, useRef, type ReactNode } from 'react';
import styled from 'styled-components';
import { Alert } from '../ui/Alert';
import { Stack } from '../ui/layout';
import { acceptAttribute, type UploadRule } from './upload-rules';
import { UploadProgressBar } from './UploadProgressBar';
import { useUpload, type SendFile } from './useUpload';

const Label = styled.label`
  display: block;
  font-weight: 600;
`;

const Hint = styled.p`
  margin: 0;
  font-size: 0.875rem;
  color: ${({ theme }) => theme.colors.textMuted};
`;

export interface UploadFieldProps<T> {
  readonly label: string;
  readonly rule: UploadRule;
  readonly hint?: ReactNode;
  readonly disabled?: boolean;
  /** How the chosen file is sent (an ApiPort.upload call); it starts as soon as a valid file is chosen. */
  readonly send: SendFile<T>;
  readonly onUploaded?: (result: T, file: File) => void;
}

/**
 * A file chooser that uploads: the accept list and size limit are checked before sending (spec's Spanish
 * messages), then a real progress bar with "Cancelar carga", and the server's refusal shown under it.
 */
export function UploadField<T>({ label, rule, hint, disabled, send, onUploaded }: UploadFieldProps<T>) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const upload = useUpload();
  const chosen = async (file: File | undefined) => {
    if (!file) return;
    const result = await upload.start(file, rule, send);
    if (input.current) input.current.value = '';
    if (result) onUploaded?.(result.value, file);
  };
  return (
    <Stack $gap={2}>
      <div>
        <Label htmlFor={id}>{label}</Label>
        <input
          id={id}
          ref={input}
          type="file"
          name="file"
          accept={acceptAttribute(rule)}
          disabled={disabled || upload.busy}
          aria-describedby={hint ? `${id}-hint` : undefined}
          onChange={(e) => void chosen(e.target.files?.[0])}
        />
      </div>
      {hint && <Hint id={`${id}-hint`}>{hint}</Hint>}
      {upload.progress && <UploadProgressBar progress={upload.progress} onCancel={upload.cancel} />}
      {upload.error && <Alert kind="error">{upload.error}</Alert>}
    </Stack>
  );
}
