import { useEffect, useMemo } from 'react';
import type { Action } from 'redux';
import { fieldErrorMap } from '../../../shared/api/errors';
import { useForm } from '../../../shared/hooks/useForm';
import { useAppDispatch, useAppSelector } from '../../../shared/store/StoreProvider';
import { Alert } from '../../../shared/ui/Alert';
import { Button } from '../../../shared/ui/Button';
import { TextField } from '../../../shared/ui/fields';
import { TextLink } from '../../../shared/ui/layout';
import { validateEmailForm, type EmailValues } from '../forms';
import { flowEntered, type selectForgotFlow } from '../slice';
import { AuthFrame } from './AuthFrame';

type Flow = ReturnType<typeof selectForgotFlow>;

/**
 * A page that asks for one email and answers with the server's message (forgot password, resend
 * confirmation): both answer the same whether or not the account exists.
 */
export function EmailRequestPage(props: {
  flowName: Parameters<typeof flowEntered>[0];
  selectFlow: (state: never) => Flow;
  submitted: (values: EmailValues) => Action;
  title: string;
  intro: string;
  submitLabel: string;
  initialEmail?: string;
}) {
  const { flowName, selectFlow, submitted, title, intro, submitLabel, initialEmail = '' } = props;
  const dispatch = useAppDispatch();
  const flow = useAppSelector(selectFlow);
  const serverErrors = useMemo(() => fieldErrorMap(flow.error), [flow.error]);
  const form = useForm<EmailValues>({ email: initialEmail }, validateEmailForm, serverErrors);

  useEffect(() => {
    dispatch(flowEntered(flowName));
  }, [dispatch, flowName]);

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
