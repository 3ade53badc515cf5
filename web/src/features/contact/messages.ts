/**
 * The contact feature's own messages, apart from the form's rules: the saga (in the first download) needs
 * them, the rules pull in the phone library (downloaded only with the form).
 */
export const CONTACT_MSG = {
  methodRequired: 'Seleccione cómo prefiere que lo contactemos.',
  timeRequired: 'Seleccione el horario en que prefiere ser contactado.',
  /** Spec §8: the one message for a contact request that did not go through. */
  sendFailed: 'Error al enviar la solicitud. Por favor, intente nuevamente.',
} as const;
