/**
 * What the platform tells a person about each kind of data it holds about them (Ley 21.719, derecho de
 * acceso): where it came from, what for, who receives it and how long it is kept. One place, in Spanish,
 * so the legal text is reviewed once and every export says the same.
 */
export interface ProcessingNotice {
  readonly title: string;
  readonly origin: string;
  readonly purpose: string;
  readonly recipients: string;
  readonly retention: string;
}

export const EXPORT_SECTIONS = [
  'profile',
  'roles',
  'roleHistory',
  'favorites',
  'alerts',
  'quotes',
  'reservations',
  'leads',
  'collaborator',
  'sessions',
  'dataRequests',
  'restrictions',
  'notifications',
  'mails',
  'notificationPreferences',
] as const;
export type ExportSection = (typeof EXPORT_SECTIONS)[number];

const UNTIL_ERASURE = 'Mientras la cuenta esté activa; al suprimirla, los datos personales se destruyen (borrado criptográfico).';

export const PROCESSING_NOTICES: Readonly<Record<ExportSection, ProcessingNotice>> = {
  profile: {
    title: 'Datos de la cuenta',
    origin: 'Entregados por usted al registrarse o al editar su perfil.',
    purpose: 'Identificarlo, permitirle ingresar a la plataforma y contactarlo sobre sus gestiones.',
    recipients: 'Personal autorizado de la plataforma (administración y soporte). No se ceden a terceros.',
    retention: UNTIL_ERASURE,
  },
  roles: {
    title: 'Roles y permisos',
    origin: 'Asignados por la plataforma al registrarse y por administradores.',
    purpose: 'Determinar qué puede ver y hacer en la plataforma.',
    recipients: 'Administradores y auditores de la plataforma.',
    retention: 'Mientras la cuenta exista.',
  },
  roleHistory: {
    title: 'Historial de cambios de rol',
    origin: 'Registrado por la plataforma cada vez que un administrador cambia sus roles.',
    purpose: 'Auditoría y seguridad: saber quién otorgó o quitó cada permiso y por qué.',
    recipients: 'Administradores y auditores de la plataforma.',
    retention: 'Se conserva como registro de auditoría; tras una supresión queda asociado solo a un identificador seudónimo.',
  },
  favorites: {
    title: 'Proyectos favoritos',
    origin: 'Marcados por usted en el catálogo.',
    purpose: 'Mostrarle los proyectos que le interesan.',
    recipients: 'Nadie más que usted.',
    retention: 'Hasta que los quite o suprima su cuenta.',
  },
  alerts: {
    title: 'Alertas de disponibilidad',
    origin: 'Creadas por usted sobre unidades no disponibles.',
    purpose: 'Avisarle por correo cuando una unidad quede disponible.',
    recipients: 'Nadie más que usted; el aviso se envía a su correo.',
    retention: 'Hasta que las quite o suprima su cuenta.',
  },
  quotes: {
    title: 'Cotizaciones',
    origin: 'Generadas por usted en el simulador y el cotizador.',
    purpose: 'Entregarle la cotización y permitir que un asesor le dé seguimiento.',
    recipients: 'Usted, los asesores de ventas y la inmobiliaria del proyecto cotizado.',
    retention: 'Mientras la cuenta esté activa; al suprimirla se borran los correos a los que se enviaron.',
  },
  reservations: {
    title: 'Reservas y pagos',
    origin: 'Generadas al reservar una unidad y pagar la reserva (Webpay).',
    purpose: 'Ejecutar la reserva y el pago, emitir comprobantes y devoluciones.',
    recipients: 'La inmobiliaria del proyecto y el procesador de pagos (Transbank).',
    retention: 'El plazo que exige la ley tributaria y contable; tras una supresión se conservan asociadas a un identificador seudónimo, sin nombre ni correo.',
  },
  leads: {
    title: 'Solicitudes de contacto (leads)',
    origin:
      'Sus solicitudes de contacto o de asesor (con el texto de consentimiento que aceptó y las versiones de términos y privacidad vigentes), cotizaciones y reservas, asociadas a su correo.',
    purpose:
      'Que un asesor de ventas lo contacte y le dé seguimiento; un puntaje comercial según su actividad, salvo que se oponga a la elaboración de perfiles.',
    recipients: 'Asesores de ventas de la plataforma.',
    retention: 'Mientras exista interés comercial o hasta que usted se oponga o pida la supresión.',
  },
  collaborator: {
    title: 'Convenio con su empleador',
    origin: 'Informados por la empresa en convenio que lo inscribió como colaborador.',
    purpose: 'Aplicar el aporte de su empleador al pie y mostrarle las condiciones del convenio.',
    recipients: 'Su empleador (la empresa en convenio) y la plataforma.',
    retention: 'Mientras dure el convenio o hasta la supresión.',
  },
  sessions: {
    title: 'Sesiones activas',
    origin: 'Creadas al ingresar a la plataforma.',
    purpose: 'Mantenerlo conectado de forma segura.',
    recipients: 'Nadie; solo las usa la plataforma.',
    retention: 'Hasta cerrar sesión o que expiren.',
  },
  dataRequests: {
    title: 'Solicitudes sobre sus datos personales',
    origin: 'Presentadas por usted (acceso, rectificación, supresión, oposición, portabilidad, bloqueo).',
    purpose: 'Atender sus derechos conforme a la Ley 21.719 y acreditar que se respondieron.',
    recipients: 'El delegado de protección de datos de la plataforma.',
    retention: 'Se conservan como prueba del cumplimiento; su texto se suprime con sus datos.',
  },
  restrictions: {
    title: 'Consentimientos, oposición y bloqueo del tratamiento',
    origin:
      'Elegidos por usted al registrarse o en "Mis datos" (correos comerciales, oposición al marketing y a la elaboración de perfiles), o registrados al responder sus solicitudes de oposición o de bloqueo.',
    purpose:
      'Respetar su decisión: correos comerciales solo con su consentimiento, sin marketing (oposición), sin puntaje comercial (oposición a perfiles) o sin tratamiento de sus datos (bloqueo).',
    recipients: 'El delegado de protección de datos y los equipos que deben respetarla.',
    retention: 'Mientras la cuenta exista, como prueba de su decisión.',
  },
  notifications: {
    title: 'Notificaciones',
    origin: 'Generadas por la plataforma a partir de lo que le concierne (reservas, alertas, cambios de roles, su empresa).',
    purpose: 'Avisarle en la plataforma de lo que pasó con sus reservas, alertas y cuenta.',
    recipients: 'Nadie; solo usted las ve.',
    retention: UNTIL_ERASURE,
  },
  mails: {
    title: 'Correos enviados',
    origin:
      'Los correos que la plataforma le envió (verificación, contraseña, cotizaciones, reservas, alertas): destinatario, asunto, fecha y estado de entrega.',
    purpose: 'Entregarle esos correos y poder reintentarlos si el servidor de correo falla.',
    recipients: 'El servidor de correo (SMTP) que los entrega; los administradores de correo ven el historial.',
    retention: 'El historial se conserva según la retención configurada (30 a 730 días); el contenido se suprime con su cuenta.',
  },
  notificationPreferences: {
    title: 'Preferencias de notificación',
    origin: 'Elegidas por usted (canales, categorías, frecuencia, horario de silencio) y las suscripciones push de sus navegadores.',
    purpose: 'Avisarle solo por los canales y en los horarios que eligió.',
    recipients: 'El servicio push de su navegador recibe los avisos push; el proveedor de SMS, los SMS. Nadie más.',
    retention: UNTIL_ERASURE,
  },
};
