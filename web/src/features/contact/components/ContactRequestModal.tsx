import { contactRequestBody } from '../../../../../contract/favorites-leads';
import { CONTACT_CONSENT_TEXT } from '../../../../../contract/privacy';
import { FormFields, type FieldSpec } from '../../../shared/form/FormFields';
import { useContractForm } from '../../../shared/form/useContractForm';
import { useAppDispatch, useAppSelector } from '../../../shared/store/StoreProvider';
import { Alert } from '../../../shared/ui/Alert';
import { Button } from '../../../shared/ui/Button';
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

const CONSENT_HINT = (
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
);

const FIELDS: readonly FieldSpec<ContactValues>[] = [
  { name: 'name', label: 'Nombre', autoComplete: 'name', required: true },
  { name: 'email', label: 'Email', type: 'email', autoComplete: 'email', required: true },
  { name: 'phone', label: 'Teléfono', type: 'tel', autoComplete: 'tel', inputMode: 'tel', required: true, hint: 'Ej: +56 9 1234 5678' },
  { name: 'preferredContactMethod', label: 'Medio de contacto preferido', kind: 'radio', required: true, options: CONTACT_METHODS },
  { name: 'preferredTime', label: 'Horario preferido', kind: 'select', required: true, placeholder: 'Seleccione un horario', options: PREFERRED_TIMES },
  { name: 'message', label: 'Mensaje (opcional)', kind: 'textarea', maxLength: MESSAGE_MAX },
  { name: 'termsAccepted', label: CONTACT_CONSENT_TEXT, kind: 'checkbox', required: true, hint: CONSENT_HINT },
];

function ContactForm({ context, defaults }: { context: ContactContext; defaults: ContactDefaults }) {
  const dispatch = useAppDispatch();
  const contact = useAppSelector(selectContact);
  const form = useContractForm({
    schema: contactRequestBody,
    defaultValues: {
      name: defaults.name,
      email: defaults.email,
      phone: defaults.phone,
      preferredContactMethod: '',
      preferredTime: '',
      termsAccepted: false,
      message: context.message,
    } as ContactValues,
    toBody: (values: ContactValues) => contactRequestOf(values, context),
    rules: (_body, values) => validateContact(values) as Record<string, string>,
    serverError: contact.error,
    show: 'touched',
  });
  const sending = contact.status === 'sending';
  return (
    <form
      noValidate
      aria-label={TITLES[context.kind]}
      onSubmit={form.submit((_body, values) => void dispatch(contactRequestSubmitted(contactRequestOf(values, context))))}
    >
      {context.projectName && <Muted>Proyecto: {context.projectName}</Muted>}
      {contact.status === 'failed' && contact.error && contact.error.fieldErrors.length === 0 && (
        <Alert kind="error">
          <p>{contact.error.message}</p>
        </Alert>
      )}
      <FormFields form={form} fields={FIELDS} />
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
