import { useId, useMemo, useState, type FormEvent } from 'react';
import { catalogueEntry } from '../../../../../contract/errors';
import { ROLE_NAMES, roleLabel } from '../../../shared/auth/roles';
import { toastRequested, userRolesChanged } from '../../../shared/events';
import { useApi } from '../../../shared/kit/api-context';
import { useServerSubmit } from '../../../shared/kit/useServerSubmit';
import { useUnsavedChangesGuard } from '../../../shared/kit/useUnsavedChangesGuard';
import { useAppDispatch } from '../../../shared/store/StoreProvider';
import { MSG } from '../../../shared/validation/rules';
import { Alert } from '../../../shared/ui/Alert';
import { Button } from '../../../shared/ui/Button';
import { CheckboxGroup, TextAreaField } from '../../../shared/ui/fields';
import { Muted } from '../../../shared/ui/layout';
import { OverlayLoader } from '../../../shared/ui/OverlayLoader';
import { updateUserRoles, type RoleDefinition, type UserDetail } from '../api/users-api';
import { ROLES_CONFLICT_MESSAGE, ROLES_UPDATED_MESSAGE } from '../labels';

export const NO_ROLE_SELECTED = 'Seleccione al menos un rol.';
export const NOTHING_CHANGED = 'Los roles seleccionados son los mismos que el usuario ya tiene.';

const sameSet = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((x) => b.includes(x));

export interface RolesEditorProps {
  readonly user: UserDetail;
  /** The roles revision the form was read at, sent as If-Match. */
  readonly etag: string;
  readonly mayTouch: (role: string) => boolean;
  /** The role catalogue (GET /roles), highest level first once sorted; ROLE_NAMES until it arrives. */
  readonly catalogue: readonly RoleDefinition[];
  /** A 412 was answered: the page shows it and reads the user again (this editor remounts with the new ETag). */
  readonly conflicted: boolean;
  readonly onConflict: () => void;
  /** Saved: the page reads the user again. */
  readonly onSaved: () => void;
}

/**
 * Role checkboxes plus a required reason, sent with If-Match = the roles revision. Pessimistic (an overlay
 * while saving). Mounted with key = ETag, so a reload after a conflict starts again from the server's roles.
 */
export function RolesEditor({ user, etag, mayTouch, catalogue, conflicted, onConflict, onSaved }: RolesEditorProps) {
  const api = useApi();
  const dispatch = useAppDispatch();
  const [selected, setSelected] = useState<string[]>([...user.roles]);
  const [reason, setReason] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const [saved, setSaved] = useState(false);
  const formLabelId = useId();
  const {
    failure,
    busy: saving,
    run,
  } = useServerSubmit(() => {
    dispatch(toastRequested({ kind: 'warning', message: ROLES_CONFLICT_MESSAGE }));
    onConflict();
  });

  const options = useMemo(() => {
    const known = catalogue.length > 0 ? [...catalogue].sort((a, b) => b.level - a.level).map((r) => r.name) : [...ROLE_NAMES];
    const extra = user.roles.filter((r) => !known.includes(r));
    // Roles the actor does not outrank stay visible (checked when the user has them) but cannot be changed.
    return [...known, ...extra].map((name) => ({ value: name, label: roleLabel(name), disabled: !mayTouch(name) }));
  }, [catalogue, user.roles, mayTouch]);
  const someLocked = options.some((o) => o.disabled);

  const rolesError = selected.length === 0 ? NO_ROLE_SELECTED : sameSet(selected, user.roles) ? NOTHING_CHANGED : undefined;
  const reasonError = reason.trim() === '' ? MSG.reasonRequired : undefined;
  // Saved: the editor remounts with the new ETag (key), clean again; until then nothing is held back.
  const unsavedChanges = useUnsavedChangesGuard(!saved && (!sameSet(selected, user.roles) || reason.trim() !== ''));

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSubmitted(true);
    if (rolesError || reasonError) {
      const target = reasonError && !rolesError ? event.currentTarget.elements.namedItem('reason') : event.currentTarget.querySelector('input[type=checkbox]');
      if (target instanceof HTMLElement) target.focus();
      return;
    }
    void run(async () => {
      const answer = await updateUserRoles(api, user.id, { roles: selected, reason: reason.trim() }, etag);
      setSaved(true);
      dispatch(userRolesChanged({ userId: user.id, roles: answer.roles, revision: String(answer.revision) }));
      dispatch(toastRequested({ kind: 'success', message: ROLES_UPDATED_MESSAGE }));
      onSaved();
    });
  };

  return (
    <>
      <form noValidate aria-labelledby={formLabelId} onSubmit={submit}>
        <h3 id={formLabelId}>Modificar roles</h3>
        {conflicted && (
          <Alert kind="warning">
            <p>{catalogueEntry('PRECONDITION_FAILED').message}</p>
            <p>Se cargaron los roles actuales del usuario. Revíselos y vuelva a guardar.</p>
          </Alert>
        )}
        {failure && (
          <Alert kind="error">
            <p>{failure}</p>
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
