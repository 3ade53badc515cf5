import type { Action } from 'redux';
import { useForm } from '../../../shared/hooks/useForm';
import { Alert } from '../../../shared/ui/Alert';
import { Button } from '../../../shared/ui/Button';
import { TextField } from '../../../shared/ui/fields';
import { TextLink } from '../../../shared/ui/layout';
import { validateEmailForm, type EmailValues } from '../forms';
import type { AuthFlow, selectForgotFlow } from '../slice';
import { useAuthFlow } from '../use-auth-flow';
import { AuthFrame } from './AuthFrame';

/**
 * A page that asks for one email and answers with the server's message (forgot password, resend
 * confirmation): both answer the same whether or not the account exists.
 */
export function EmailRequestPage(props: {
  flowName: AuthFlow;
  selectFlow: typeof selectForgotFlow;
  submitted: (values: EmailValues) => Action;
  title: string;
  intro: string;
  submitLabel: string;
  initialEmail?: string;
}) {
  const { flowName, selectFlow, submitted, title, intro, submitLabel, initialEmail = '' } = props;
  const { dispatch, flow, serverErrors } = useAuthFlow(flowName, selectFlow);
  const form = useForm<EmailValues>({ email: initialEmail }, validateEmailForm, serverErrors);

  return (
    <AuthFrame title={title} intro={intro} links={<TextLink to="/login">Volver a iniciar sesión</TextLink>}>
      {flow.status === 'succeeded' && (
        <Alert kind="success">
          <p>{flow.message}</p>
        </Alert>
      )}
      {flow.status === 'failed' && flow.error && (
        <Alert kind="error">
          <p>{flow.error.message}</p>
        </Alert>
      )}
      <form noValidate aria-label={title} onSubmit={form.handleSubmit((values) => dispatch(submitted(values)))}>
        <TextField label="Email" type="email" autoComplete="email" required {...form.text('email')} />
        <Button type="submit" variant="primary" block busy={flow.status === 'pending'} busyLabel="Enviando...">
          {submitLabel}
        </Button>
      </form>
    </AuthFrame>
  );
}
