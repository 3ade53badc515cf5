import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { companyProfileBody, type CollaboratorRow, type CompanyDetail } from '../../../../../contract/companies';
import { ApiError, fieldErrorMap, toApiErrorBody } from '../../../shared/api/errors';
import { formatRut, formatUF } from '../../../shared/format/format';
import { useDocumentTitle } from '../../../shared/hooks/useDocumentTitle';
import { useApi } from '../../../shared/kit/api-context';
import { ConfirmDialog } from '../../../shared/kit/ConfirmDialog';
import { ResourceTable, type ResourceColumn } from '../../../shared/kit/ResourceTable';
import { Alert } from '../../../shared/ui/Alert';
import { Button } from '../../../shared/ui/Button';
import { TextAreaField, TextField } from '../../../shared/ui/fields';
import { Badge, Card, Grid, Muted, Row, Stack } from '../../../shared/ui/layout';
import { LoadFailed } from '../../../shared/ui/LoadFailed';
import { Modal } from '../../../shared/ui/Modal';
import { zodFieldMessages } from '../../../shared/validation/zod-messages';
import { deactivateCollaborator, fetchCollaborators, fetchCompany, updateCompany } from '../api/companies-api';
import { CollaboratorForm } from '../components/CollaboratorForm';
import { CollaboratorImport } from '../components/CollaboratorImport';

/** A company's profile, collaborators and their import: the back office's company detail and the company portal's settings. */
export default function CompanyDetailPage({ companyId }: { readonly companyId: string }) {
  const api = useApi();
  const [company, setCompany] = useState<{ status: 'loading' } | { status: 'failed'; message: string } | { status: 'loaded'; data: CompanyDetail }>({
    status: 'loading',
  });
  useDocumentTitle(company.status === 'loaded' ? company.data.name : 'Empresa');
  const [profile, setProfile] = useState<{ name: string; description: string; contactEmail: string; contactPhone: string } | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [notice, setNotice] = useState<{ kind: 'success' | 'error' | 'warning'; text: string } | null>(null);
  const [search, setSearch] = useState('');
  const [collaborators, setCollaborators] = useState<{ loading: boolean; items: CollaboratorRow[] }>({ loading: true, items: [] });
  const [editing, setEditing] = useState<CollaboratorRow | 'new' | null>(null);
  const [leaving, setLeaving] = useState<CollaboratorRow | null>(null);
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);

  const loadCompany = useCallback(() => {
    fetchCompany(api, companyId).then(
      (data) => {
        setCompany({ status: 'loaded', data });
        setProfile({ name: data.name, description: data.description, contactEmail: data.contactEmail, contactPhone: data.contactPhone });
      },
      (error: unknown) => setCompany({ status: 'failed', message: toApiErrorBody(error).message }),
    );
  }, [api, companyId]);
  const loadCollaborators = useCallback(() => {
    setCollaborators((c) => ({ ...c, loading: true }));
    fetchCollaborators(api, companyId, search).then(
      (items) => setCollaborators({ loading: false, items }),
      () => setCollaborators({ loading: false, items: [] }),
    );
  }, [api, companyId, search]);
  useEffect(loadCompany, [loadCompany]);
  useEffect(loadCollaborators, [loadCollaborators]);

  const saveProfile = async (event: FormEvent) => {
    event.preventDefault();
    if (company.status !== 'loaded' || !profile) return;
    const checked = companyProfileBody.safeParse(profile);
    if (!checked.success) return setErrors(zodFieldMessages(checked.error));
    setBusy(true);
    try {
      const data = await updateCompany(api, companyId, company.data.revision, checked.data);
      setCompany({ status: 'loaded', data });
      setNotice({ kind: 'success', text: 'Perfil de la empresa guardado.' });
    } catch (error) {
      if (error instanceof ApiError && error.status === 412) {
        setNotice({ kind: 'warning', text: 'Otra persona modificó el perfil mientras usted editaba: se cargó la versión actual.' });
        loadCompany();
      } else {
        setErrors(fieldErrorMap(toApiErrorBody(error)));
        setNotice({ kind: 'error', text: toApiErrorBody(error).message });
      }
    } finally {
      setBusy(false);
    }
  };
  const leave = async () => {
    if (!leaving || !reason.trim()) return;
    await deactivateCollaborator(api, leaving.id, reason.trim()).then(
      () => setNotice({ kind: 'success', text: `${leaving.name} ${leaving.firstSurname} quedó inactivo.` }),
      (error: unknown) => setNotice({ kind: 'error', text: toApiErrorBody(error).message }),
    );
    setLeaving(null);
    loadCollaborators();
  };

  const columns: ResourceColumn<CollaboratorRow>[] = [
    { header: 'Nombre', rowHeader: true, cell: (c) => `${c.name} ${c.firstSurname} ${c.secondSurname}`.trim() },
    { header: 'RUT', cell: (c) => formatRut(c.rut) },
    { header: 'Email laboral', cell: (c) => c.workEmail },
    { header: 'Cargo', cell: (c) => c.post || '—' },
    { header: 'Aporte', cell: (c) => formatUF(c.companyContributionUF) },
    { header: 'Cuenta', cell: (c) => (c.hasAccount ? 'Sí' : 'No') },
    { header: 'Estado', cell: (c) => (c.active ? <Badge $tone="success">Activo</Badge> : <Badge>Inactivo</Badge>) },
    {
      header: 'Acciones',
      cell: (c) =>
        c.active ? (
          <Row $gap={1}>
            <Button variant="ghost" onClick={() => setEditing(c)} aria-label={`Editar a ${c.name} ${c.firstSurname}`}>
              Editar
            </Button>
            <Button
              variant="ghost"
              onClick={() => {
                setLeaving(c);
                setReason('');
              }}
              aria-label={`Desactivar a ${c.name} ${c.firstSurname}`}
            >
              Desactivar
            </Button>
          </Row>
        ) : (
          '—'
        ),
    },
  ];

  if (company.status === 'failed') return <LoadFailed message={company.message} onRetry={loadCompany} />;
  return (
    <Stack $gap={4}>
      <h1>{company.status === 'loaded' ? company.data.name : 'Empresa'}</h1>
      {company.status === 'loaded' && (
        <Muted>
          RUT {formatRut(company.data.rut)} · {company.data.kind === 'employer' ? 'Empresa en convenio' : 'Inmobiliaria'}
        </Muted>
      )}
      {notice && <Alert kind={notice.kind}>{notice.text}</Alert>}
      {profile && (
        <Card aria-labelledby="titulo-perfil">
          <h2 id="titulo-perfil">Perfil</h2>
          <form onSubmit={saveProfile} noValidate aria-label="Perfil de la empresa">
            <Stack $gap={3}>
              <Grid $min="220px">
                <TextField
                  label="Nombre"
                  name="name"
                  value={profile.name}
                  error={errors.name}
                  onChange={(e) => setProfile({ ...profile, name: e.target.value })}
                />
                <TextField
                  label="Email de contacto"
                  name="contactEmail"
                  value={profile.contactEmail}
                  error={errors.contactEmail}
                  onChange={(e) => setProfile({ ...profile, contactEmail: e.target.value })}
                />
                <TextField
                  label="Teléfono de contacto"
                  name="contactPhone"
                  value={profile.contactPhone}
                  error={errors.contactPhone}
                  onChange={(e) => setProfile({ ...profile, contactPhone: e.target.value })}
                />
              </Grid>
              <TextAreaField
                label="Descripción"
                name="description"
                rows={2}
                value={profile.description}
                error={errors.description}
                onChange={(e) => setProfile({ ...profile, description: e.target.value })}
              />
              <div>
                <Button type="submit" variant="primary" busy={busy} busyLabel="Guardando...">
                  Guardar perfil
                </Button>
              </div>
            </Stack>
          </form>
        </Card>
      )}
      {/* Only partner employers have collaborators: a real-estate company has a team, not collaborators to import. */}
      {company.status === 'loaded' && company.data.kind === 'employer' && (
        <>
          <Card aria-labelledby="titulo-colaboradores">
            <Row $justify="space-between" $align="center">
              <h2 id="titulo-colaboradores">Colaboradores</h2>
              <Button variant="primary" onClick={() => setEditing('new')}>
                Agregar colaborador
              </Button>
            </Row>
            <TextField label="Buscar por nombre, RUT o email" name="search" type="search" value={search} onChange={(e) => setSearch(e.target.value)} />
            <ResourceTable
              caption="Colaboradores"
              columns={columns}
              rows={collaborators.items}
              rowKey={(c) => c.id}
              loading={collaborators.loading && collaborators.items.length === 0}
              empty={!collaborators.loading && collaborators.items.length === 0}
              emptyMessage="Sin colaboradores."
            />
          </Card>
          <Card aria-labelledby="titulo-importar">
            <h2 id="titulo-importar">Importar colaboradores</h2>
            <CollaboratorImport companyId={companyId} onImported={loadCollaborators} />
          </Card>
        </>
      )}
      <Modal open={editing !== null} title={editing === 'new' ? 'Nuevo colaborador' : 'Editar colaborador'} onClose={() => setEditing(null)}>
        {editing !== null && (
          <CollaboratorForm
            companyId={companyId}
            collaborator={editing === 'new' ? null : editing}
            onCancel={() => setEditing(null)}
            onDone={(text) => {
              setEditing(null);
              setNotice({ kind: 'success', text });
              loadCollaborators();
            }}
          />
        )}
      </Modal>
      <ConfirmDialog
        open={leaving !== null}
        title="Desactivar colaborador"
        confirmLabel="Desactivar"
        danger
        onConfirm={leave}
        onCancel={() => setLeaving(null)}
      >
        <p>El aporte de la empresa dejará de aplicarse a sus simulaciones y cotizaciones.</p>
        <TextField label="Motivo" name="reason" required value={reason} onChange={(e) => setReason(e.target.value)} />
      </ConfirmDialog>
    </Stack>
  );
}
