import type { TextFieldProps } from '../../../shared/ui/fields';
import { TextField } from '../../../shared/ui/fields';
import { PasswordHint } from './PasswordHint';

/** A useForm whose values hold the new password and its confirmation. */
interface PasswordForm {
  readonly text: (name: 'password' | 'passwordConfirmation') => Omit<TextFieldProps, 'label'>;
}

/** The new password (its rule and the advice on what was typed under it) and its confirmation: sign-up and reset. */
export function NewPasswordFields({
  form,
  advice,
  rule,
  label,
  confirmationLabel,
}: {
  readonly form: PasswordForm;
  readonly advice: string | null;
  readonly rule: string;
  readonly label: string;
  readonly confirmationLabel: string;
}) {
  return (
    <>
      <TextField
        label={label}
        type="password"
        autoComplete="new-password"
        required
        hint={<PasswordHint advice={advice} rule={rule} />}
        {...form.text('password')}
      />
      <TextField label={confirmationLabel} type="password" autoComplete="new-password" required {...form.text('passwordConfirmation')} />
    </>
  );
}
