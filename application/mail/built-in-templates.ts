import type { MailTemplateType } from '../../domain/mail/mail-templates';
import type { MailTemplateKey } from '../../domain/mail/outgoing-mail';

/**
 * The platform's own mails as templates (Handlebars): what each one says until the back office edits it,
 * the variables it may use (spec §5: only allowed variables in content) and sample values for the preview.
 * Values arrive formatted (CLP without decimals, UF with two, dates dd-mm-yyyy); in `html` they are
 * escaped, in `subject` and `text` they are not.
 */
export interface BuiltInTemplate {
  readonly name: string;
  readonly type: MailTemplateType;
  readonly subject: string;
  readonly text: string;
  readonly html: string;
  readonly variables: Readonly<Record<string, string>>;
}

const p = (...paragraphs: string[]) => paragraphs.map((x) => `<p>${x}</p>`).join('');

export const BUILT_IN_TEMPLATES: Readonly<Record<MailTemplateKey, BuiltInTemplate>> = {
  verification: {
    name: 'Verificación de email',
    type: 'system',
    subject: 'Confirme su email',
    text: 'Hola {{name}}:\n\nGracias por registrarse. Confirme su email abriendo este enlace:\n{{link}}\n\nSi usted no creó esta cuenta, ignore este mensaje.',
    html: p(
      'Hola {{name}}:',
      'Gracias por registrarse. Confirme su email abriendo este enlace:',
      '<a href="{{link}}">Confirmar mi email</a>',
      'Si usted no creó esta cuenta, ignore este mensaje.',
    ),
    variables: { name: 'María', link: 'https://vivienda.example/auth/verify-email?token=ejemplo' },
  },
  password_reset: {
    name: 'Restablecer contraseña',
    type: 'system',
    subject: 'Restablezca su contraseña',
    text: 'Hola {{name}}:\n\nRecibimos una solicitud para restablecer su contraseña. Use este enlace dentro de {{minutes}} minutos:\n{{link}}\n\nSi no la solicitó, ignore este mensaje.',
    html: p(
      'Hola {{name}}:',
      'Recibimos una solicitud para restablecer su contraseña. Use este enlace dentro de {{minutes}} minutos:',
      '<a href="{{link}}">Restablecer contraseña</a>',
      'Si no la solicitó, ignore este mensaje.',
    ),
    variables: { name: 'María', link: 'https://vivienda.example/auth/reset-password?token=ejemplo', minutes: '60' },
  },
  quote: {
    name: 'Cotización por email',
    type: 'transactional',
    subject: 'Su cotización {{quoteNumber}}: {{projectName}}, unidad {{unitNumber}}',
    text:
      'Hola {{name}}:\n\nAdjuntamos la cotización {{quoteNumber}} de la unidad {{unitNumber}} del proyecto {{projectName}}.\n' +
      'Precio: UF {{priceUF}} ({{priceCLP}} con UF del {{ufDate}} a {{ufValue}}).\nDividendo estimado: UF {{dividendUF}} ({{dividendCLP}}) al mes.\n' +
      'Válida hasta el {{validUntil}}.\n\nUn asesor puede ayudarle con el siguiente paso.',
    html: p(
      'Hola {{name}}:',
      'Adjuntamos la cotización {{quoteNumber}} de la unidad {{unitNumber}} del proyecto {{projectName}}.',
      'Precio: UF {{priceUF}} ({{priceCLP}} con UF del {{ufDate}} a {{ufValue}}).',
      'Dividendo estimado: UF {{dividendUF}} ({{dividendCLP}}) al mes.',
      'Válida hasta el {{validUntil}}.',
      'Un asesor puede ayudarle con el siguiente paso.',
    ),
    variables: {
      name: 'María',
      quoteNumber: 'COT-2026-000123',
      unitNumber: '1204',
      projectName: 'Edificio Parque Ñuñoa',
      priceUF: '3.950,00',
      priceCLP: '$153.845.000',
      ufDate: '25-11-2026',
      ufValue: '$38.948,21',
      dividendUF: '17,85',
      dividendCLP: '$695.222',
      validUntil: '25-12-2026',
    },
  },
  reservation_receipt: {
    name: 'Comprobante de reserva',
    type: 'transactional',
    subject: 'Reserva confirmada: {{projectName}}, unidad {{unitNumber}}',
    text:
      'Hola {{name}}:\n\nSu reserva de la unidad {{unitNumber}} del proyecto {{projectName}} está confirmada.\n' +
      'Monto pagado: {{amountCLP}} (orden de compra {{buyOrder}}, autorización {{authorizationCode}}).\n' +
      'El monto se abona al pie. Un asesor lo contactará para la firma de la promesa.',
    html: p(
      'Hola {{name}}:',
      'Su reserva de la unidad {{unitNumber}} del proyecto {{projectName}} está confirmada.',
      'Monto pagado: {{amountCLP}} (orden de compra {{buyOrder}}, autorización {{authorizationCode}}).',
      'El monto se abona al pie. Un asesor lo contactará para la firma de la promesa.',
    ),
    variables: {
      name: 'María',
      unitNumber: '1204',
      projectName: 'Edificio Parque Ñuñoa',
      amountCLP: '$300.000',
      buyOrder: 'R-123456',
      authorizationCode: '1213',
    },
  },
  availability_alert: {
    name: 'Alerta de disponibilidad',
    type: 'notification',
    subject: 'Unidad disponible: {{projectName}}, unidad {{unitNumber}}',
    text:
      'Hola {{name}}:\n\n{{availability}}\nPuede reservarla en línea antes de que otra persona lo haga:\n{{link}}\n\n' +
      'Esta alerta se envía una sola vez. Puede crear una nueva desde la ficha del proyecto.',
    html: p(
      'Hola {{name}}:',
      '{{availability}}',
      'Puede reservarla en línea antes de que otra persona lo haga:',
      '<a href="{{link}}">Ver la unidad</a>',
      'Esta alerta se envía una sola vez. Puede crear una nueva desde la ficha del proyecto.',
    ),
    variables: {
      name: 'María',
      projectName: 'Edificio Parque Ñuñoa',
      unitNumber: '1204',
      availability: 'La unidad 1204 del proyecto Edificio Parque Ñuñoa vuelve a estar disponible.',
      link: 'https://vivienda.example/projects/parque-nunoa?unit=1204',
    },
  },
  registration_received: {
    name: 'Solicitud de empresa recibida',
    type: 'transactional',
    subject: 'Recibimos la solicitud de registro de su empresa',
    text: 'Recibimos la solicitud de registro de {{company}}.\n\nNuestro equipo la revisará en 2 a 3 días hábiles y le avisaremos por este medio el resultado.',
    html: p(
      'Recibimos la solicitud de registro de {{company}}.',
      'Nuestro equipo la revisará en 2 a 3 días hábiles y le avisaremos por este medio el resultado.',
    ),
    variables: { company: 'Inmobiliaria Costa Sur SpA' },
  },
  registration_rejected: {
    name: 'Solicitud de empresa rechazada',
    type: 'transactional',
    subject: 'Resultado de la solicitud de registro de su empresa',
    text: 'Revisamos la solicitud de registro de {{company}} y no pudimos aprobarla.\n\nMotivo: {{reason}}\n\nPuede enviar una nueva solicitud con los antecedentes corregidos.',
    html: p(
      'Revisamos la solicitud de registro de {{company}} y no pudimos aprobarla.',
      'Motivo: {{reason}}',
      'Puede enviar una nueva solicitud con los antecedentes corregidos.',
    ),
    variables: { company: 'Inmobiliaria Costa Sur SpA', reason: 'Falta el certificado de vigencia.' },
  },
  company_invitation: {
    name: 'Empresa aprobada: invitación',
    type: 'transactional',
    subject: 'Su empresa fue aprobada: active su cuenta',
    text: 'Hola {{name}}:\n\nAprobamos el registro de {{company}}. Creamos su cuenta de empresa: elija su contraseña con el enlace de abajo (vale 72 horas) y luego ingrese con su email o su RUT.\n\nActivar mi cuenta: {{link}}',
    html: p(
      'Hola {{name}}:',
      'Aprobamos el registro de {{company}}. Creamos su cuenta de empresa: elija su contraseña con el enlace de abajo (vale 72 horas) y luego ingrese con su email o su RUT.',
      '<a href="{{link}}">Activar mi cuenta</a>',
    ),
    variables: { name: 'Camila', company: 'Inmobiliaria Costa Sur SpA', link: 'https://vivienda.example/auth/reset-password?token=ejemplo' },
  },
  team_invitation: {
    name: 'Invitación al equipo de una empresa',
    type: 'transactional',
    subject: 'Lo invitaron al portal de {{company}}',
    text: 'Hola {{name}}:\n\nLo invitaron a trabajar en el portal de empresas de {{company}}. Elija su contraseña con el enlace de abajo (vale 72 horas) y luego ingrese con su email o su RUT.\n\nActivar mi cuenta: {{link}}',
    html: p(
      'Hola {{name}}:',
      'Lo invitaron a trabajar en el portal de empresas de {{company}}. Elija su contraseña con el enlace de abajo (vale 72 horas) y luego ingrese con su email o su RUT.',
      '<a href="{{link}}">Activar mi cuenta</a>',
    ),
    variables: { name: 'Camila', company: 'Inmobiliaria Andes SpA', link: 'https://vivienda.example/auth/reset-password?token=ejemplo' },
  },
  test: {
    name: 'Correo de prueba',
    type: 'system',
    subject: 'Correo de prueba de Vivienda Colaboradores',
    text: 'Este es un correo de prueba enviado desde la administración de correos. Si lo recibe, la configuración SMTP funciona.',
    html: p('Este es un correo de prueba enviado desde la administración de correos.', 'Si lo recibe, la configuración SMTP funciona.'),
    variables: {},
  },
  notification: {
    name: 'Notificación por email',
    type: 'notification',
    subject: '{{title}}',
    text: '{{body}}\n\n{{link}}\n\nPuede cambiar cómo le avisamos en sus preferencias de notificación.',
    html: p(
      '<strong>{{title}}</strong>',
      '{{body}}',
      '<a href="{{link}}">Ver en la plataforma</a>',
      'Puede cambiar cómo le avisamos en sus preferencias de notificación.',
    ),
    variables: { title: 'Reserva confirmada', body: 'Su reserva de la unidad 1204 está confirmada.', link: 'https://vivienda.example/dashboard' },
  },
  digest: {
    name: 'Resumen de notificaciones',
    type: 'digest',
    subject: 'Su resumen de notificaciones ({{count}})',
    text: 'Hola {{name}}:\n\nEstas son sus notificaciones desde el último resumen:\n\n{{summary}}\n\nPuede cambiar la frecuencia en sus preferencias de notificación.',
    html: p(
      'Hola {{name}}:',
      'Estas son sus notificaciones desde el último resumen:',
      '{{summary}}',
      'Puede cambiar la frecuencia en sus preferencias de notificación.',
    ),
    variables: { name: 'María', count: '3', summary: 'Reserva confirmada · Unidad disponible · Nueva campaña' },
  },
};
