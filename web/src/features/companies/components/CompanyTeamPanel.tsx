import { useState } from 'react';
import { teamInvitationBody, type TeamInvitationBody, type TeamMember } from '../../../../../contract/companies';
import { toApiErrorBody } from '../../../shared/api/errors';
import { formatRut } from '../../../shared/format/format';
import { useApi } from '../../../shared/kit/api-context';
import { ConfirmDialog } from '../../../shared/kit/ConfirmDialog';
import { ResourceTable, type ResourceColumn } from '../../../shared/kit/ResourceTable';
import { Loaded, useResource } from '../../../shared/kit/useResource';
import { FormFields, type FieldSpec } from '../../../shared/form/FormFields';
import { useContractForm } from '../../../shared/form/useContractForm';
import { Alert } from '../../../shared/ui/Alert';
import { Button } from '../../../shared/ui/Button';
import { Card, Muted, Stack } from '../../../shared/ui/layout';
import { fetchTeam, inviteToTeam, removeFromTeam } from '../api/companies-api';

type Draft = Record<keyof TeamInvitationBody, string>;

const EMPTY: Draft = { email: '', rut: '', name: '', firstLastName: '', secondLastName: '', phone: '', post: '' };

const INVITATION: readonly FieldSpec<Draft>[] = [
  { name: 'email', label: 'Email', type: 'email', required: true },
  { name: 'rut', label: 'RUT', required: true },
  { name: 'name', label: 'Nombre', required: true },
  { name: 'firstLastName', label: 'Primer apellido', required: true },
  { name: 'secondLastName', label: 'Segundo apellido' },
  { name: 'phone', label: 'Teléfono', type: 'tel', required: true, hint: 'Ej: +56 9 1234 5678' },
  { name: 'post', label: 'Cargo' },
];
const STATUS: Record<TeamMember['status'], string> = { pending_verification: 'Invitación pendiente', active: 'Activa', disabled: 'Deshabilitada' };

/**
 * A company's team (the company users who act for it): invite a person (a company account with a mailed
 * link to choose the password) or remove one behind a confirmation. The back office shows it on each company;
 * the real-estate portal's "Equipo" on the user's own.
 */
export function CompanyTeamPanel({ companyId }: { readonly companyId: string }) {
  const api = useApi();
  const team = useResource(`team:${companyId}`, (port) => fetchTeam(port, companyId));
  const load = team.reload;
  const form = useContractForm({ schema: teamInvitationBody, defaultValues: EMPTY });
  const { failure, busy } = form;
  const [notice, setNotice] = useState<{ ok: boolean; text: string } | null>(null);
  const [removing, setRemoving] = useState<TeamMember | null>(null);
  const [busyRemove, setBusyRemove] = useState(false);

  const invite = form.submit(async (invitation) => {
    await inviteToTeam(api, companyId, invitation);
    setNotice({ ok: true, text: `Invitamos a ${invitation.email}: recibirá un correo para elegir su contraseña.` });
    form.reset(EMPTY);
    load();
  });

  const remove = async () => {
    if (!removing) return;
    setBusyRemove(true);
    try {
      await removeFromTeam(api, companyId, removing.userId);
      setNotice({ ok: true, text: `${removing.name} ya no es parte del equipo.` });
      load();
    } catch (error) {
      setNotice({ ok: false, text: [toApiErrorBody(error).message, toApiErrorBody(error).fieldErrors[0]?.message].filter(Boolean).join(' ') });
    } finally {
      setBusyRemove(false);
      setRemoving(null);
    }
  };

  const columns: readonly ResourceColumn<TeamMember>[] = [
    { header: 'Nombre', rowHeader: true, cell: (m) => m.name || m.email },
    { header: 'Email', cell: (m) => m.email },
    { header: 'RUT', cell: (m) => formatRut(m.rut) },
    { header: 'Cargo', cell: (m) => m.post },
    { header: 'Estado', cell: (m) => STATUS[m.status] },
    {
      header: 'Acciones',
      cell: (m) => (
        <Button variant="ghost" onClick={() => setRemoving(m)} aria-label={`Quitar a ${m.name || m.email} del equipo`}>
          Quitar
        </Button>
      ),
    },
  ];

  return (
    <Card aria-labelledby="titulo-equipo">
      <Stack $gap={3}>
        <h2 id="titulo-equipo">Equipo</h2>
        <Muted>Las personas de la empresa con acceso a su portal.</Muted>
        {notice && <Alert kind={notice.ok ? 'success' : 'error'}>{notice.text}</Alert>}
        <Loaded resource={team} height="120px">
          {(members) => (
            <ResourceTable
              caption="Equipo de la empresa"
              columns={columns}
              rows={members}
              rowKey={(m) => m.userId}
              loading={false}
              empty={members.length === 0}
              emptyMessage="Aún no hay personas en el equipo."
            />
          )}
        </Loaded>
        <form onSubmit={invite} noValidate aria-label="Invitar al equipo">
          <Stack $gap={2}>
            <h3>Invitar a una persona</h3>
            {failure && <Alert kind="error">{failure}</Alert>}
            <FormFields form={form} fields={INVITATION} min="200px" />
            <div>
              <Button type="submit" variant="primary" busy={busy} busyLabel="Invitando...">
                Invitar
              </Button>
            </div>
          </Stack>
        </form>
      </Stack>
      <ConfirmDialog
        open={removing !== null}
        title="¿Quitar del equipo?"
        confirmLabel="Quitar"
        danger
        busy={busyRemove}
        busyLabel="Quitando..."
        onConfirm={() => void remove()}
        onCancel={() => setRemoving(null)}
      >
        <p>{removing ? `${removing.name || removing.email} dejará de tener acceso al portal de la empresa de inmediato.` : ''}</p>
      </ConfirmDialog>
    </Card>
  );
}
