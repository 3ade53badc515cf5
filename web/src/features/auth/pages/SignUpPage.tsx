import styled from 'styled-components';
import { useForm } from '../../../shared/hooks/useForm';
import { Alert } from '../../../shared/ui/Alert';
import { Button } from '../../../shared/ui/Button';
import { CheckboxField, SelectField, TextField } from '../../../shared/ui/fields';
import { TextLink } from '../../../shared/ui/layout';
import { AuthFrame } from '../components/AuthFrame';
import { FlowSucceeded } from '../components/FlowSucceeded';
import { NewPasswordFields } from '../components/NewPasswordFields';
import { usePasswordAdvice } from '../password-advice';
import { COUNTRY_CODES, emptySignUp, SIGN_UP_ROLES, validateSignUp, type SignUpValues } from '../sign-up-form';
import { registrationSubmitted, selectRegistrationFlow } from '../slice';
import { useAuthFlow } from '../use-auth-flow';

const Columns = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(240px, 1fr));
  column-gap: ${({ theme }) => theme.space(4)};
`;

const PhoneRow = styled.div`
  display: grid;
  grid-template-columns: minmax(140px, 180px) 1fr;
  column-gap: ${({ theme }) => theme.space(3)};
`;

const trimmed = (v: SignUpValues) => ({
  ...v,
  workEmail: v.workEmail.trim(),
  rut: v.rut.trim(),
  name: v.name.trim(),
  firstLastName: v.firstLastName.trim(),
  secondLastName: v.secondLastName.trim(),
  personalEmail: v.personalEmail.trim(),
  phone: v.phone.trim(),
});

export default function SignUpPage() {
  const { dispatch, flow, serverErrors } = useAuthFlow('registration', selectRegistrationFlow);
  const form = useForm<SignUpValues>(emptySignUp, validateSignUp, serverErrors);
  const advice = usePasswordAdvice(form.values.password, {
    email: form.values.workEmail,
    rut: form.values.rut,
    names: [form.values.name, form.values.firstLastName, form.values.secondLastName],
    otherEmails: [form.values.personalEmail],
  });

  if (flow.status === 'succeeded') {
    return (
      <FlowSucceeded title="Cuenta creada" message={flow.message}>
        <p>Le enviamos un correo para verificar su email. Siga el enlace antes de ingresar.</p>
      </FlowSucceeded>
    );
  }

  return (
    <AuthFrame
      title="Crear cuenta"
      width="medium"
      intro="Regístrese con los datos de su empleo para acceder a los beneficios de vivienda de su empresa."
      links={<TextLink to="/login">¿Ya tiene cuenta? Inicie sesión</TextLink>}
    >
      {flow.status === 'failed' && flow.error && (
        <Alert kind={flow.error.severity === 'warning' ? 'warning' : 'error'}>
          <p>{flow.error.message}</p>
          {flow.error.actions.length > 0 && (
            <ul>
              {flow.error.actions.map((action) => (
                <li key={action}>{action}</li>
              ))}
            </ul>
          )}
        </Alert>
      )}
      <form noValidate aria-label="Crear cuenta" onSubmit={form.handleSubmit((values) => dispatch(registrationSubmitted(trimmed(values))))}>
        <Columns>
          <TextField label="Email laboral" type="email" autoComplete="work email" required {...form.text('workEmail')} />
          <TextField label="RUT" autoComplete="off" required hint="Ej: 12.345.678-5" {...form.text('rut')} />
          <TextField label="Nombre" autoComplete="given-name" required maxLength={50} {...form.text('name')} />
          <TextField label="Primer apellido" autoComplete="family-name" required maxLength={50} {...form.text('firstLastName')} />
          <TextField label="Segundo apellido" autoComplete="additional-name" required maxLength={50} {...form.text('secondLastName')} />
          <TextField label="Email personal" type="email" autoComplete="home email" required {...form.text('personalEmail')} />
          <SelectField label="Cargo" required placeholder="Seleccione su cargo" options={SIGN_UP_ROLES} {...form.text('role')} />
          <PhoneRow>
            <SelectField label="Código de país" required options={COUNTRY_CODES} {...form.text('countryCode')} />
            <TextField label="Teléfono" type="tel" autoComplete="tel-national" required hint="Ej: 9 1234 5678" {...form.text('phone')} />
          </PhoneRow>
          <NewPasswordFields form={form} advice={advice} rule="Mínimo 8 caracteres." label="Contraseña" confirmationLabel="Confirmar contraseña" />
        </Columns>
        <CheckboxField
          label="Acepto los términos y condiciones y la política de privacidad"
          required
          hint={
            <>
              Lea los{' '}
              <TextLink to="/terms" target="_blank" rel="noopener">
                términos y condiciones
              </TextLink>{' '}
              y la{' '}
              <TextLink to="/privacy" target="_blank" rel="noopener">
                política de privacidad
              </TextLink>
              .
            </>
          }
          {...form.checkbox('termsAccepted')}
        />
        <CheckboxField
          label="Acepto recibir correos comerciales (opcional)"
          hint="Ofertas, proyectos y campañas. Puede retirarlo cuando quiera desde Mis datos; no es necesario para usar la plataforma."
          {...form.checkbox('marketingConsent')}
        />
        <Button type="submit" variant="primary" block busy={flow.status === 'pending'} busyLabel="Creando cuenta...">
          Crear cuenta
        </Button>
      </form>
    </AuthFrame>
  );
}
