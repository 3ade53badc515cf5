import { CONTACT_CONSENT_TEXT } from '../../../../../contract/privacy';
import { useMemo } from 'react';
import { fieldErrorMap } from '../../../shared/api/errors';
import { useForm } from '../../../shared/hooks/useForm';
import { useAppDispatch, useAppSelector } from '../../../shared/store/StoreProvider';
import { Alert } from '../../../shared/ui/Alert';
import { Button } from '../../../shared/ui/Button';
import { CheckboxField, RadioGroup, SelectField, TextAreaField, TextField } from '../../../shared/ui/fields';
import { Muted, Row } from '../../../shared/ui/layout';
import { Modal } from '../../../shared/ui/Modal';
import { CONTACT_METHODS, contactRequestOf, MESSAGE_MAX, PREFERRED_TIMES, validateContact, type ContactValues } from '../contact-form';
import { contactFormClosed, contactRequestSubmitted, selectContact, type ContactContext } from '../slice';

/** What the form starts from for a signed-in buyer. */
export interface ContactDefaults {
  readonly name: string;
  readonly email: string;
  readonly phone: string;
}

const TITLES = { contact: 'Solicitar contacto', advisor: 'Agendar con un asesor' } as const;

function ContactForm({ context, defaults }: { context: ContactContext; defaults: ContactDefaults }) {
  const dispatch = useAppDispatch();
  const contact = useAppSelector(selectContact);
  const serverErrors = useMemo(() => fieldErrorMap(contact.error), [contact.error]);
  const form = useForm<ContactValues>(
    {
      name: defaults.name,
      email: defaults.email,
      phone: defaults.phone,
      preferredContactMethod: '',
      preferredTime: '',
      termsAccepted: false,
      message: context.message,
    },
    validateContact,
    serverErrors,
  );
  const sending = contact.status === 'sending';
  const method = form.text('preferredContactMethod');
  return (
    <form
      noValidate
      aria-label={TITLES[context.kind]}
      onSubmit={form.handleSubmit((values) => dispatch(contactRequestSubmitted(contactRequestOf(values, context))))}
    >
      {context.projectName && <Muted>Proyecto: {context.projectName}</Muted>}
      {contact.status === 'failed' && contact.error && contact.error.fieldErrors.length === 0 && (
        <Alert kind="error">
          <p>{contact.error.message}</p>
        </Alert>
      )}
      <TextField label="Nombre" autoComplete="name" required {...form.text('name')} />
      <TextField label="Email" type="email" autoComplete="email" required {...form.text('email')} />
      <TextField label="Teléfono" type="tel" autoComplete="tel" inputMode="tel" required hint="Ej: +56 9 1234 5678" {...form.text('phone')} />
      <RadioGroup
        legend="Medio de contacto preferido"
        name="preferredContactMethod"
        required
        options={CONTACT_METHODS}
        value={method.value}
        error={method.error}
        onBlur={method.onBlur}
        onChange={(value) => form.setValue('preferredContactMethod', value)}
      />
      <SelectField label="Horario preferido" required placeholder="Seleccione un horario" options={PREFERRED_TIMES} {...form.text('preferredTime')} />
      <TextAreaField label="Mensaje (opcional)" maxLength={MESSAGE_MAX} {...form.text('message')} />
      <CheckboxField
        label={CONTACT_CONSENT_TEXT}
        required
        hint={
          <>
            Lea los{' '}
            <a href="/terms" target="_blank" rel="noopener">
              términos y condiciones
            </a>{' '}
            y la{' '}
            <a href="/privacy" target="_blank" rel="noopener">
              política de privacidad
            </a>{' '}
            (se abren en una pestaña nueva).
          </>
        }
        {...form.checkbox('termsAccepted')}
      />
      <Row $justify="flex-end">
        <Button onClick={() => dispatch(contactFormClosed())}>Cancelar</Button>
        <Button type="submit" variant="primary" busy={sending} busyLabel="Enviando...">
          {context.kind === 'advisor' ? 'Agendar con asesor' : 'Enviar solicitud'}
        </Button>
      </Row>
    </form>
  );
}

/**
 * The contact / advisor modal (spec §5): name, email, phone, preferred method and time, terms, an
 * optional message. Opened by contactFormOpened from any screen that composes it in.
 */
export function ContactRequestModal({ defaults }: { defaults: ContactDefaults }) {
  const dispatch = useAppDispatch();
  const contact = useAppSelector(selectContact);
  return (
    <Modal open={contact.open} title={TITLES[contact.context.kind]} onClose={() => dispatch(contactFormClosed())}>
      <ContactForm context={contact.context} defaults={defaults} />
    </Modal>
  );
}
