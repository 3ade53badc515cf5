import { useState } from 'react';
import type { AlertKind } from '../ui/Alert';

/** What a list screen says above its table after an action: saved, refused, or changed meanwhile. */
export interface Notice {
  readonly kind: AlertKind;
  readonly text: string;
}

/**
 * A list screen's form in a <Modal>: "Nuevo …" or "Editar <name>", and what the form reports. Saved: the modal
 * closes, the form's message shows above the list, the list is read again; a 412: the same, with `conflict`.
 * `notice` is the screen's one message, its other actions say theirs there too.
 */
export function useEditorModal<T extends { readonly name: string }>({
  reload,
  newTitle,
  conflict,
}: {
  reload: () => void;
  newTitle: string;
  conflict: string;
}) {
  const [editing, setEditing] = useState<T | 'new' | null>(null);
  const [notice, setNotice] = useState<Notice | null>(null);
  const close = () => setEditing(null);
  const report = (next: Notice) => {
    close();
    setNotice(next);
    reload();
  };
  return {
    /** The record edited (null for a new one), or undefined while the modal is closed. */
    record: editing === null ? undefined : editing === 'new' ? null : editing,
    edit: (record: T | 'new') => setEditing(record),
    notice,
    setNotice,
    /** Spread on the <Modal>. */
    modal: { open: editing !== null, title: editing === 'new' ? newTitle : editing ? `Editar ${editing.name}` : '', onClose: close },
    /** Spread on the form. */
    form: { onCancel: close, onDone: (text: string) => report({ kind: 'success', text }), onConflict: () => report({ kind: 'warning', text: conflict }) },
  };
}
