import { useEffect, useMemo } from 'react';
import { profileBody } from '../../../../../contract/auth';
import { formatDate, formatPhone, formatRut, formatUF } from '../../../shared/format/format';
import { useDocumentTitle } from '../../../shared/hooks/useDocumentTitle';
import { FormFields, type FieldSpec } from '../../../shared/form/FormFields';
import { useContractForm } from '../../../shared/form/useContractForm';
import { useAppDispatch, useAppSelector } from '../../../shared/store/StoreProvider';
import { Button } from '../../../shared/ui/Button';
import { Card, DescriptionList, Muted, TextLink } from '../../../shared/ui/layout';
import { Skeleton } from '../../../shared/ui/Skeleton';
import type { ProfileView } from '../api/profile-api';
import { profileChangesOf, profileValuesOf, validateProfile, type ProfileValues } from '../profile-form';
import { profileRequested, profileSaveSubmitted, selectProfile } from '../slice';
import { LoadFailed } from '../../../shared/ui/LoadFailed';

const POSTS: Readonly<Record<string, string>> = { collaborator: 'Colaborador', manager: 'Gerente', director: 'Director' };

export const NOTHING_TO_SAVE = 'No hay cambios que guardar.';

const FIELDS: readonly FieldSpec<ProfileValues>[] = [
  { name: 'name', label: 'Nombre', autoComplete: 'given-name', required: true },
  { name: 'firstLastName', label: 'Primer apellido', autoComplete: 'family-name', required: true },
  { name: 'secondLastName', label: 'Segundo apellido', required: true },
  { name: 'personalEmail', label: 'Email personal', type: 'email', autoComplete: 'email', required: true },
  { name: 'phone', label: 'Teléfono', type: 'tel', autoComplete: 'tel', required: true, hint: 'Ej: +56 9 1234 5678' },
];

function ProfileForm({ profile }: { profile: ProfileView }) {
  const dispatch = useAppDispatch();
  const state = useAppSelector(selectProfile);
  const initial = useMemo(() => profileValuesOf(profile), [profile]);
  const form = useContractForm({
    schema: profileBody,
    defaultValues: initial,
    toBody: (values: ProfileValues) => profileChangesOf(initial, values),
    rules: (_body, values) => validateProfile(values) as Record<string, string>,
    serverError: state.save.error,
    show: 'touched',
  });
  const changes = profileChangesOf(initial, form.watch());
  const unchanged = Object.keys(changes).length === 0;
  return (
    <form
      noValidate
      aria-labelledby="titulo-editar"
      onSubmit={form.submit((_body, values) => void dispatch(profileSaveSubmitted(profileChangesOf(initial, values))))}
    >
      <h2 id="titulo-editar">Editar mis datos</h2>
      <FormFields form={form} fields={FIELDS} min="220px" />
      {unchanged && <Muted>{NOTHING_TO_SAVE}</Muted>}
      <Button type="submit" variant="primary" disabled={unchanged} busy={state.save.status === 'saving'} busyLabel="Guardando...">
        Guardar cambios
      </Button>
    </form>
  );
}

/** My profile: personal data, the company and its contribution for collaborators, and the edit form. */
export default function ProfilePage() {
  useDocumentTitle('Mi perfil');
  const dispatch = useAppDispatch();
  const state = useAppSelector(selectProfile);
  useEffect(() => {
    dispatch(profileRequested());
  }, [dispatch]);
  const profile = state.profile;
  const info = profile?.userInfo;
  return (
    <>
      <h1>Mi perfil</h1>
      <Muted>
        Descargue sus datos, elija sus comunicaciones o pida su supresión en <TextLink to="/dashboard/profile/data">Mis datos y privacidad</TextLink>.
      </Muted>
      {state.status === 'failed' && state.error && <LoadFailed message={state.error.message} onRetry={() => dispatch(profileRequested())} />}
      {!profile && state.status === 'loading' && (
        <Card aria-busy="true" aria-label="Cargando perfil">
          <Skeleton $width="50%" />
          <br />
          <Skeleton />
        </Card>
      )}
      {profile && info && (
        <>
          <Card aria-labelledby="titulo-datos">
            <h2 id="titulo-datos">Mis datos</h2>
            <DescriptionList>
              <dt>Nombre</dt>
              <dd>{[info.name, info.first_last_name, info.second_last_name].filter(Boolean).join(' ')}</dd>
              <dt>RUT</dt>
              <dd>{formatRut(profile.rut)}</dd>
              <dt>Email laboral</dt>
              <dd>{profile.email}</dd>
              <dt>Email personal</dt>
              <dd>{info.personal_email || '—'}</dd>
              <dt>Teléfono</dt>
              <dd>{info.phone ? formatPhone(info.phone) : '—'}</dd>
              {info.post && (
                <>
                  <dt>Cargo</dt>
                  <dd>{POSTS[info.post] ?? info.post}</dd>
                </>
              )}
              {info.joined_at && (
                <>
                  <dt>Miembro desde</dt>
                  <dd>{formatDate(info.joined_at)}</dd>
                </>
              )}
            </DescriptionList>
          </Card>
          <Card aria-labelledby="titulo-empresa">
            <h2 id="titulo-empresa">Mi empresa</h2>
            {info.company ? (
              <DescriptionList>
                <dt>Empresa</dt>
                <dd>{info.company.name}</dd>
                {info.plan && (
                  <>
                    <dt>Plan</dt>
                    <dd>{info.plan}</dd>
                  </>
                )}
                <dt>Aporte de la empresa al pie</dt>
                <dd>{info.company_contribution_uf ? formatUF(info.company_contribution_uf) : 'Sin aporte'}</dd>
              </DescriptionList>
            ) : (
              <Muted>Su cuenta no está asociada a una empresa en convenio. Si su empleador tiene convenio, contacte a su área de personas.</Muted>
            )}
          </Card>
          <Card>
            <ProfileForm key={JSON.stringify(profileValuesOf(profile))} profile={profile} />
          </Card>
        </>
      )}
    </>
  );
}
