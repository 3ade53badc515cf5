import { useId, useMemo, useState, type FormEvent } from 'react';
import { ROLE_NAMES, roleLabel } from '../../../shared/auth/roles';
import { useUnsavedChangesGuard } from '../../../shared/kit/useUnsavedChangesGuard';
import { useAppDispatch, useAppSelector } from '../../../shared/store/StoreProvider';
import { MSG } from '../../../shared/validation/rules';
import { Alert } from '../../../shared/ui/Alert';
import { Button } from '../../../shared/ui/Button';
import { CheckboxGroup, TextAreaField } from '../../../shared/ui/fields';
import { Muted } from '../../../shared/ui/layout';
import { OverlayLoader } from '../../../shared/ui/OverlayLoader';
import type { UserDetail } from '../api/users-api';
import { rolesChangeSubmitted, selectRoleCatalogue, selectRolesChange } from '../slice';

export const NO_ROLE_SELECTED = 'Seleccione al menos un rol.';
export const NOTHING_CHANGED = 'Los roles seleccionados son los mismos que el usuario ya tiene.';

const sameSet = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((x) => b.includes(x));

/**
 * Role checkboxes plus a required reason, sent with If-Match = the roles revision. Mounted with
 * key = ETag, so a reload after a conflict starts again from the server's roles.
 */
export function RolesEditor({ user, etag, mayTouch }: { user: UserDetail; etag: string; mayTouch: (role: string) => boolean }) {
  const dispatch = useAppDispatch();
  const catalogue = useAppSelector(selectRoleCatalogue);
  const change = useAppSelector(selectRolesChange);
  const [selected, setSelected] = useState<string[]>([...user.roles]);
  const [reason, setReason] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const formLabelId = useId();

  const options = useMemo(() => {
    const known = catalogue.items.length > 0 ? [...catalogue.items].sort((a, b) => b.level - a.level).map((r) => r.name) : [...ROLE_NAMES];
    const extra = user.roles.filter((r) => !known.includes(r));
    // Roles the actor does not outrank stay visible (checked when the user has them) but cannot be changed.
    return [...known, ...extra].map((name) => ({ value: name, label: roleLabel(name), disabled: !mayTouch(name) }));
  }, [catalogue.items, user.roles, mayTouch]);
  const someLocked = options.some((o) => o.disabled);

  const rolesError = selected.length === 0 ? NO_ROLE_SELECTED : sameSet(selected, user.roles) ? NOTHING_CHANGED : undefined;
  const reasonError = reason.trim() === '' ? MSG.reasonRequired : undefined;
  const saving = change.status === 'saving';
  // Saved: the editor remounts with the new ETag (key), clean again.
  const unsavedChanges = useUnsavedChangesGuard(!sameSet(selected, user.roles) || reason.trim() !== '');

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSubmitted(true);
    if (rolesError || reasonError) {
      const target = reasonError && !rolesError ? event.currentTarget.elements.namedItem('reason') : event.currentTarget.querySelector('input[type=checkbox]');
      if (target instanceof HTMLElement) target.focus();
      return;
    }
    dispatch(rolesChangeSubmitted({ userId: user.id, roles: selected, reason: reason.trim(), etag }));
  };

  return (
    <>
      <form noValidate aria-labelledby={formLabelId} onSubmit={submit}>
        <h3 id={formLabelId}>Modificar roles</h3>
        {change.status === 'conflict' && change.error && (
          <Alert kind="warning">
            <p>{change.error.message}</p>
            <p>Se cargaron los roles actuales del usuario. Revíselos y vuelva a guardar.</p>
          </Alert>
        )}
        {change.status === 'rejected' && change.error && (
          <Alert kind="error">
            <p>{change.error.message}</p>
          </Alert>
        )}
        <CheckboxGroup
          legend="Roles del usuario"
          name="roles"
          options={options}
          selected={selected}
          onChange={setSelected}
          error={submitted ? rolesError : undefined}
          disabled={saving}
        />
        {someLocked && <Muted>Solo puede asignar o quitar roles de nivel inferior al suyo; los demás se muestran sin poder cambiarse.</Muted>}
        <TextAreaField
          label="Motivo del cambio"
          name="reason"
          required
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          error={submitted ? reasonError : undefined}
          hint="Queda registrado en el historial de auditoría."
          disabled={saving}
        />
        <Button type="submit" variant="primary" busy={saving} busyLabel="Guardando...">
          Guardar roles
        </Button>
        <OverlayLoader visible={saving} />
      </form>
      {/* Beside the form, not in it: the dialog has a form of its own. */}
      {unsavedChanges}
    </>
  );
}
