import { useEffect, useState, type FormEvent } from 'react';
import { ACCOUNT_TYPES, BUSINESS_TYPES, WEEKDAYS } from '../../../../../contract/company-registrations';
import { ApiError, fieldErrorMap, toApiErrorBody } from '../../../shared/api/errors';
import { useDocumentTitle } from '../../../shared/hooks/useDocumentTitle';
import { useApi } from '../../../shared/kit/api-context';
import { Alert } from '../../../shared/ui/Alert';
import { Button } from '../../../shared/ui/Button';
import { CheckboxField, SelectField, TextAreaField, TextField } from '../../../shared/ui/fields';
import { Card, Container, DescriptionList, Grid, Muted, Row, Stack, TextLink } from '../../../shared/ui/layout';
import { Steps, type StepItem } from '../../../shared/ui/Steps';
import { fetchRegions, startRegistration, submitRegistration, type Region } from '../api/registration-api';
import { emptyDraft, FORM_STEPS, getAt, setAt, stepErrors, toApplication, type Draft } from '../components/application-draft';
import { DocumentsStep, type UploadedDocument } from '../components/DocumentsStep';
import { ACCOUNT_TYPE_LABELS, BUSINESS_TYPE_LABELS, WEEKDAY_LABELS } from '../components/registration-labels';

const STEP_LABELS = [...FORM_STEPS.map((s) => s.label), 'Documentos', 'Revisión y envío'];

/**
 * The public company registration wizard (spec §2): company, contact, legal representative and banking,
 * legal documents, review and submit. The application is created when the first three steps are complete
 * (the server checks everything again and answers every field error), so documents attach to it.
 */
export default function CompanyRegistrationPage() {
  useDocumentTitle('Registro de empresas');
  const api = useApi();
  const [step, setStep] = useState(0);
  const [draft, setDraft] = useState<Draft>(emptyDraft);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [regions, setRegions] = useState<Region[]>([]);
  const [registrationId, setRegistrationId] = useState<string | null>(null);
  const [documents, setDocuments] = useState<UploadedDocument[]>([]);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  useEffect(() => {
    fetchRegions(api).then(setRegions, () => setFailure('No se pudo cargar la lista de regiones. Recargue la página.'));
  }, [api]);

  const bind = (path: string) => ({
    name: path,
    value: String(getAt(draft, path) ?? ''),
    error: errors[path],
    onChange: (e: { target: { value: string } }) => {
      setDraft((d) => setAt(d, path, e.target.value));
      setErrors(({ [path]: _gone, ...rest }) => rest);
    },
  });
  const communes = regions.find((r) => r.code === draft.address.regionCode)?.communes ?? [];
  const steps: StepItem[] = STEP_LABELS.map((label, i) => ({ label, state: done || i < step ? 'done' : i === step ? 'current' : 'pending' }));

  const next = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    if (step < FORM_STEPS.length) {
      const found = stepErrors(draft, FORM_STEPS[step].parts);
      setErrors(found);
      if (Object.keys(found).length) return;
    }
    if (step === FORM_STEPS.length - 1 && !registrationId) {
      setBusy(true);
      try {
        setRegistrationId(await startRegistration(api, toApplication(draft)));
      } catch (error) {
        const body = toApiErrorBody(error);
        const byField = error instanceof ApiError ? fieldErrorMap(body) : {};
        setErrors(byField);
        setFailure(body.message);
        // Back to the first step that holds an error the server found.
        const first = FORM_STEPS.findIndex((s) => Object.keys(byField).some((path) => s.parts.some((p) => path.startsWith(`${p}.`))));
        if (first >= 0) setStep(first);
        return;
      } finally {
        setBusy(false);
      }
    }
    if (step === 3 && documents.length === 0) return setFailure('Adjunte al menos un documento legal.');
    if (step === 4) {
      const { terms, privacy, dataProcessing } = draft.acceptances;
      const missing = {
        ...(terms ? {} : { 'acceptances.terms': 'Debe aceptar los términos y condiciones.' }),
        ...(privacy ? {} : { 'acceptances.privacy': 'Debe aceptar la política de privacidad.' }),
        ...(dataProcessing ? {} : { 'acceptances.dataProcessing': 'Debe autorizar el tratamiento de datos.' }),
      };
      setErrors(missing);
      if (Object.keys(missing).length) return;
      setBusy(true);
      try {
        await submitRegistration(api, registrationId!, draft.acceptances);
        setDone(true);
      } catch (error) {
        const body = toApiErrorBody(error);
        setErrors(fieldErrorMap(body));
        setFailure(body.message);
      } finally {
        setBusy(false);
      }
      return;
    }
    setStep((s) => s + 1);
  };

  if (done)
    return (
      <Container $width="medium">
        <Card>
          <Steps steps={steps} label="Progreso del registro" />
          <h1>Recibimos su solicitud</h1>
          <p>
            Nuestro equipo revisará los antecedentes de {draft.company.name} en 2 a 3 días hábiles. Le enviamos un email a {draft.contact.email} y le avisaremos
            el resultado por ese medio.
          </p>
          <TextLink to="/">Volver al inicio</TextLink>
        </Card>
      </Container>
    );

  const locked = registrationId !== null;
  return (
    <Container $width="medium">
      <Card>
        <h1>Registro de empresas</h1>
        <Muted>Inmobiliarias, desarrolladoras y corredoras que quieran publicar sus proyectos para colaboradores de empresas en convenio.</Muted>
        <Steps steps={steps} label="Progreso del registro" />
        <form onSubmit={next} noValidate aria-label={STEP_LABELS[step]}>
          <Stack $gap={3}>
            <h2>{STEP_LABELS[step]}</h2>
            {failure && <Alert kind="error">{failure}</Alert>}
            {locked && step < FORM_STEPS.length && (
              <Alert kind="info">La solicitud ya fue creada con estos datos; si necesita corregirlos, indíquelo al revisor o envíe una nueva solicitud.</Alert>
            )}
            <fieldset disabled={locked && step < FORM_STEPS.length} style={{ border: 0, padding: 0, margin: 0 }}>
              <Stack $gap={3}>
                {step === 0 && (
                  <>
                    <SelectField
                      label="Tipo de empresa"
                      required
                      {...bind('company.businessType')}
                      options={BUSINESS_TYPES.map((t) => ({ value: t, label: BUSINESS_TYPE_LABELS[t] }))}
                    />
                    <Grid $min="220px">
                      <TextField label="Razón social" required {...bind('company.name')} />
                      <TextField label="RUT de la empresa" required hint="Ej.: 76.543.210-3" {...bind('company.rut')} />
                      <TextField label="Año de fundación" inputMode="numeric" {...bind('company.foundingYear')} />
                      <TextField label="Sitio web" type="url" {...bind('company.website')} />
                      <TextField label="Patente comercial" {...bind('company.businessLicense')} />
                    </Grid>
                    <TextAreaField label="Descripción" rows={3} {...bind('company.description')} />
                    <Grid $min="220px">
                      <TextField label="Calle" required {...bind('address.street')} />
                      <TextField label="Número" {...bind('address.number')} />
                      <SelectField
                        label="Región"
                        required
                        placeholder="Elija una región"
                        {...bind('address.regionCode')}
                        options={regions.map((r) => ({ value: r.code, label: r.name }))}
                      />
                      <SelectField
                        label="Comuna"
                        required
                        placeholder="Elija una comuna"
                        {...bind('address.communeCode')}
                        options={communes.map((c) => ({ value: c.code, label: c.name }))}
                      />
                      <TextField label="Ciudad" {...bind('address.city')} />
                    </Grid>
                  </>
                )}
                {step === 1 && (
                  <>
                    <Grid $min="220px">
                      <TextField label="Email de contacto" type="email" required {...bind('contact.email')} />
                      <TextField label="Teléfono" type="tel" required hint="Ej.: +56 2 1234 5678" {...bind('contact.phone')} />
                      <TextField label="Otro teléfono" type="tel" {...bind('contact.secondaryPhone')} />
                    </Grid>
                    <fieldset>
                      <legend>Horario de atención</legend>
                      <Stack $gap={2}>
                        {WEEKDAYS.map((day) => {
                          const hours = draft.contact.businessHours[day];
                          return (
                            <Row key={day} $gap={3} $wrap $align="flex-end">
                              <CheckboxField
                                label={`${WEEKDAY_LABELS[day]}: cerrado`}
                                name={`closed-${day}`}
                                checked={hours === null}
                                onChange={(e) =>
                                  setDraft((d) => setAt(d, `contact.businessHours.${day}`, e.target.checked ? null : { open: '09:00', close: '18:00' }))
                                }
                              />
                              {hours && (
                                <>
                                  <TextField label={`${WEEKDAY_LABELS[day]}: abre`} type="time" {...bind(`contact.businessHours.${day}.open`)} />
                                  <TextField label={`${WEEKDAY_LABELS[day]}: cierra`} type="time" {...bind(`contact.businessHours.${day}.close`)} />
                                </>
                              )}
                            </Row>
                          );
                        })}
                      </Stack>
                    </fieldset>
                    <Grid $min="220px">
                      <TextField label="LinkedIn" type="url" {...bind('contact.socialMedia.linkedin')} />
                      <TextField label="Instagram" type="url" {...bind('contact.socialMedia.instagram')} />
                      <TextField label="Facebook" type="url" {...bind('contact.socialMedia.facebook')} />
                      <TextField label="X" type="url" {...bind('contact.socialMedia.x')} />
                    </Grid>
                  </>
                )}
                {step === 2 && (
                  <>
                    <h3>Representante legal</h3>
                    <Grid $min="220px">
                      <TextField label="Nombre" required {...bind('legalRepresentative.name')} />
                      <TextField label="Primer apellido" required {...bind('legalRepresentative.firstLastName')} />
                      <TextField label="Segundo apellido" {...bind('legalRepresentative.secondLastName')} />
                      <TextField label="RUT del representante" required {...bind('legalRepresentative.rut')} />
                      <TextField
                        label="Email del representante"
                        type="email"
                        required
                        hint="Recibirá la invitación a su cuenta de empresa."
                        {...bind('legalRepresentative.email')}
                      />
                      <TextField label="Teléfono del representante" type="tel" required {...bind('legalRepresentative.phone')} />
                    </Grid>
                    <h3>Datos bancarios</h3>
                    <Grid $min="220px">
                      <TextField label="Banco" required {...bind('banking.bank')} />
                      <SelectField
                        label="Tipo de cuenta"
                        required
                        {...bind('banking.accountType')}
                        options={ACCOUNT_TYPES.map((t) => ({ value: t, label: ACCOUNT_TYPE_LABELS[t] }))}
                      />
                      <TextField label="Número de cuenta" required inputMode="numeric" {...bind('banking.accountNumber')} />
                      <TextField label="Titular" required {...bind('banking.holderName')} />
                      <TextField label="RUT del titular" required {...bind('banking.holderRut')} />
                    </Grid>
                  </>
                )}
              </Stack>
            </fieldset>
            {step === 3 && registrationId && (
              <DocumentsStep registrationId={registrationId} documents={documents} onUploaded={(doc) => setDocuments((all) => [...all, doc])} />
            )}
            {step === 4 && (
              <>
                <DescriptionList>
                  <div>
                    <dt>Empresa</dt>
                    <dd>
                      {draft.company.name} · {draft.company.rut} · {BUSINESS_TYPE_LABELS[draft.company.businessType]}
                    </dd>
                  </div>
                  <div>
                    <dt>Dirección</dt>
                    <dd>
                      {draft.address.street} {draft.address.number}, {communes.find((c) => c.code === draft.address.communeCode)?.name}
                    </dd>
                  </div>
                  <div>
                    <dt>Contacto</dt>
                    <dd>
                      {draft.contact.email} · {draft.contact.phone}
                    </dd>
                  </div>
                  <div>
                    <dt>Representante legal</dt>
                    <dd>
                      {draft.legalRepresentative.name} {draft.legalRepresentative.firstLastName} · {draft.legalRepresentative.email}
                    </dd>
                  </div>
                  <div>
                    <dt>Banco</dt>
                    <dd>
                      {draft.banking.bank} · {ACCOUNT_TYPE_LABELS[draft.banking.accountType]}
                    </dd>
                  </div>
                  <div>
                    <dt>Documentos</dt>
                    <dd>{documents.length}</dd>
                  </div>
                </DescriptionList>
                <CheckboxField
                  label="Acepto los términos y condiciones"
                  name="terms"
                  checked={draft.acceptances.terms}
                  error={errors['acceptances.terms']}
                  onChange={(e) => setDraft((d) => setAt(d, 'acceptances.terms', e.target.checked))}
                />
                <CheckboxField
                  label="Acepto la política de privacidad"
                  name="privacy"
                  checked={draft.acceptances.privacy}
                  error={errors['acceptances.privacy']}
                  onChange={(e) => setDraft((d) => setAt(d, 'acceptances.privacy', e.target.checked))}
                />
                <CheckboxField
                  label="Autorizo el tratamiento de los datos de la empresa y de su representante para evaluar esta solicitud"
                  name="dataProcessing"
                  checked={draft.acceptances.dataProcessing}
                  error={errors['acceptances.dataProcessing']}
                  onChange={(e) => setDraft((d) => setAt(d, 'acceptances.dataProcessing', e.target.checked))}
                />
                <Muted>
                  Lea los <TextLink to="/terms">términos y condiciones</TextLink> y la <TextLink to="/privacy">política de privacidad</TextLink>.
                </Muted>
              </>
            )}
            <Row $gap={2}>
              {step > 0 && (
                <Button
                  variant="ghost"
                  onClick={() => {
                    setFailure(null);
                    setStep((s) => s - 1);
                  }}
                  disabled={busy}
                >
                  Volver
                </Button>
              )}
              <Button type="submit" variant="primary" busy={busy} busyLabel="Enviando...">
                {step === 4 ? 'Enviar solicitud' : 'Continuar'}
              </Button>
            </Row>
          </Stack>
        </form>
      </Card>
    </Container>
  );
}
