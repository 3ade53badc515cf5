import { useEffect, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import styled from 'styled-components';
import type { ApiErrorBody } from '../../../../../contract/errors';
import { fieldErrorMap } from '../../../shared/api/errors';
import { MESSAGES } from '../../../shared/config/constants';
import { useForm } from '../../../shared/hooks/useForm';
import { useAppDispatch, useAppSelector } from '../../../shared/store/StoreProvider';
import { Alert } from '../../../shared/ui/Alert';
import { Button } from '../../../shared/ui/Button';
import { CheckboxField, TextField } from '../../../shared/ui/fields';
import { TextLink } from '../../../shared/ui/layout';
import { LOGIN_FIELD_ALIASES, validateLandingLogin, validateSignIn, type LoginValues } from '../forms';
import { flowEntered, loginSubmitted, selectLoginFlow, type LoginSource } from '../slice';

const Links = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => `${theme.space(2)} ${theme.space(4)}`};
  margin-top: ${({ theme }) => theme.space(4)};
`;

const initial: LoginValues = { login: '', password: '', rememberMe: false };

const serverFieldErrors = (error: ApiErrorBody | null): Record<string, string> => {
  const raw = fieldErrorMap(error);
  return Object.fromEntries(Object.entries(raw).map(([field, message]) => [LOGIN_FIELD_ALIASES[field] ?? field, message]));
};

/**
 * Email-or-RUT login. The landing variant accepts 6-character passwords and words its failure as the
 * landing page does; the sign-in page asks for 8 (spec §5).
 */
export function LoginForm({ variant, label = 'Iniciar sesión' }: { variant: LoginSource; label?: string }) {
  const dispatch = useAppDispatch();
  const flow = useAppSelector(selectLoginFlow);
  const [params] = useSearchParams();
  const redirect = params.get('redirect');
  const serverErrors = useMemo(() => serverFieldErrors(flow.error), [flow.error]);
  const form = useForm<LoginValues>(initial, variant === 'landing' ? validateLandingLogin : validateSignIn, serverErrors);

  useEffect(() => {
    dispatch(flowEntered('login'));
  }, [dispatch]);

  const pending = flow.status === 'pending';
  const error = flow.status === 'failed' ? flow.error : null;
  const errorText = error && variant === 'landing' && error.code === 'INVALID_CREDENTIALS' ? MESSAGES.landingLoginFailed : error?.message;
  const loginValue = form.values.login.trim();

  return (
    <form noValidate aria-label={label} onSubmit={form.handleSubmit((values) => dispatch(loginSubmitted({ ...values, redirect, source: variant })))}>
      {error && (
        <Alert kind={error.severity === 'warning' ? 'warning' : 'error'}>
          <p>{errorText}</p>
          {error.code === 'EMAIL_NOT_VERIFIED' && (
            <p>
              <TextLink to={`/auth/resend-verification${loginValue.includes('@') ? `?email=${encodeURIComponent(loginValue)}` : ''}`}>
                Reenviar email de confirmación
              </TextLink>
            </p>
          )}
        </Alert>
      )}
      <TextField
        label="Email o RUT"
        type="text"
        autoComplete="username"
        inputMode="email"
        required
        hint="Ej: nombre@empresa.cl o 12.345.678-5"
        {...form.text('login')}
      />
      <TextField label="Contraseña" type="password" autoComplete="current-password" required {...form.text('password')} />
      <CheckboxField label="Recordarme en este equipo" {...form.checkbox('rememberMe')} />
      <Button type="submit" variant="primary" block busy={pending} busyLabel="Ingresando...">
        Ingresar
      </Button>
      <Links>
        <TextLink to="/auth/forgot-password">¿Olvidó su contraseña?</TextLink>
        <TextLink to="/auth/resend-verification">Reenviar email de confirmación</TextLink>
        <TextLink to="/register">¿No tiene cuenta? Únase aquí</TextLink>
      </Links>
    </form>
  );
}
