import type { FormEvent, ReactNode } from 'react';
import { Alert } from '../ui/Alert';
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
  /** The server's refusal, shown above the buttons (the dialog stays open). */
  readonly error?: string | null;
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
  error = null,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  const submit = (event: FormEvent) => {
    event.preventDefault();
    // Rendered inside another form (a guard in an editor), the answer must not submit that form too.
    event.stopPropagation();
    onConfirm();
  };
  return (
    <Modal open={open} title={title} onClose={busy ? () => undefined : onCancel}>
      <form onSubmit={submit} noValidate>
        {children}
        {error && (
          <Alert kind="error">
            <p>{error}</p>
          </Alert>
        )}
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

export interface EnableToggleProps extends Pick<ConfirmDialogProps, 'open' | 'busy' | 'busyLabel' | 'onConfirm' | 'onCancel' | 'children'> {
  /** The record's state now: the button offers the other one. */
  readonly enabled: boolean;
  /** What is switched, with its demonstrative: "cuenta" / "esta", "proyecto" / "este". */
  readonly noun: string;
  readonly demonstrative: 'este' | 'esta';
  /** Opens the dialog (reset its fields here). */
  readonly onOpen: () => void;
}

/**
 * Spec §4: "Habilitar …" / "Deshabilitar …", each behind "¿Deshabilitar esta cuenta?" (disabling is the
 * danger button). The children say what will happen and hold any field the change needs (a reason).
 */
export function EnableToggle({ enabled, noun, demonstrative, onOpen, busyLabel, ...dialog }: EnableToggleProps) {
  const verb = enabled ? 'Deshabilitar' : 'Habilitar';
  return (
    <>
      <Button variant={enabled ? 'danger' : 'primary'} onClick={onOpen}>
        {`${verb} ${noun}`}
      </Button>
      <ConfirmDialog
        {...dialog}
        title={`¿${verb} ${demonstrative} ${noun}?`}
        confirmLabel={verb}
        danger={enabled}
        busyLabel={busyLabel ?? (enabled ? 'Deshabilitando...' : 'Habilitando...')}
      />
    </>
  );
}
