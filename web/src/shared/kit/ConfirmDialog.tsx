import type { FormEvent, ReactNode } from 'react';
import { Button } from '../ui/Button';
import { Row } from '../ui/layout';
import { Modal } from '../ui/Modal';

export interface ConfirmDialogProps {
  readonly open: boolean;
  readonly title: string;
  /** What will happen, and any field the action needs (a reason). */
  readonly children: ReactNode;
  readonly confirmLabel: string;
  readonly cancelLabel?: string;
  /** The action cannot be undone from here (disable, cancel a reservation): the button says so. */
  readonly danger?: boolean;
  readonly busyLabel?: string;
  readonly busy?: boolean;
  /** Called on submit: validate inside and return early to keep the dialog open. */
  readonly onConfirm: () => void;
  readonly onCancel: () => void;
}

/**
 * Asks before an action takes effect (spec §4: enabling or disabling asks confirmation). A modal <dialog>:
 * the page behind is inert, Tab stays inside, Escape cancels, focus starts on the first field or on
 * "Cancelar" (never on the action itself) and returns to the button that opened it.
 */
export function ConfirmDialog({
  open,
  title,
  children,
  confirmLabel,
  cancelLabel = 'Cancelar',
  danger = false,
  busyLabel,
  busy = false,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onConfirm();
  };
  return (
    <Modal open={open} title={title} onClose={busy ? () => undefined : onCancel}>
      <form onSubmit={submit} noValidate>
        {children}
        <Row $justify="flex-end">
          <Button onClick={onCancel} disabled={busy}>
            {cancelLabel}
          </Button>
          <Button type="submit" variant={danger ? 'danger' : 'primary'} busy={busy} busyLabel={busyLabel}>
            {confirmLabel}
          </Button>
        </Row>
      </form>
    </Modal>
  );
}
