import { formatInteger } from '../format/format';
import { Button } from '../ui/Button';
import { Row } from '../ui/layout';
import { percentSent } from './upload-rules';
import type { UploadProgress } from './useUpload';

/** A real progress bar (bytes sent of the file's), its percent read out politely, and a cancel button. */
export function UploadProgressBar({ progress, onCancel }: { readonly progress: UploadProgress; readonly onCancel?: () => void }) {
  return (
    <Row $gap={2} $align="center">
      <progress aria-label={`Subiendo ${progress.name}`} max={progress.total || 1} value={progress.sent} />
      <span aria-live="polite">{`${formatInteger(percentSent(progress.sent, progress.total))} %`}</span>
      {onCancel && (
        <Button variant="ghost" onClick={onCancel}>
          Cancelar carga
        </Button>
      )}
    </Row>
  );
}
