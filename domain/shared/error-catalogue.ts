/**
 * The spec's error catalogue (§8): stable codes, the exact Spanish messages and suggested actions.
 * Pure data shared by the API (error objects) and the web client (toasts, hints).
 */
export type Severity = 'error' | 'warning' | 'info';

export interface CatalogueEntry {
  readonly message: string;
  readonly actions: readonly string[];
  readonly severity: Severity;
}

export const UNKNOWN_ERROR: CatalogueEntry = {
  message: 'Ha ocurrido un error inesperado.',
  actions: ['Intente nuevamente o contacte soporte'],
  severity: 'error',
};

export const ERROR_CATALOGUE = {
  INVALID_RUT: { message: 'Por favor revise su RUT. El dígito verificador no es válido.', actions: [], severity: 'error' },
  RUT_REQUIRED: { message: 'El RUT es obligatorio para continuar.', actions: [], severity: 'error' },
  RUT_ALREADY_EXISTS: {
    message: 'Este RUT ya se encuentra registrado en nuestro sistema.',
    actions: ['Iniciar sesión', 'Recuperar contraseña', 'Contactar soporte'],
    severity: 'error',
  },
  EMAIL_ALREADY_EXISTS: {
    message: 'Este email ya se encuentra registrado en nuestro sistema.',
    actions: ['Iniciar sesión', 'Recuperar contraseña', 'Contactar soporte'],
    severity: 'error',
  },
  INVALID_REGION: { message: 'Seleccione una región válida de Chile.', actions: [], severity: 'error' },
  INVALID_COMMUNE: { message: 'La comuna seleccionada no es válida para esta región.', actions: [], severity: 'error' },
  ADDRESS_REQUIRED: { message: 'Ingrese su dirección completa en Chile.', actions: [], severity: 'error' },
  INVALID_BUSINESS_TYPE: { message: 'Seleccione un tipo de negocio válido.', actions: [], severity: 'error' },
  INSUFFICIENT_PERMISSIONS: { message: 'No tiene permisos para realizar esta acción.', actions: [], severity: 'error' },
  BUSINESS_RULE_VIOLATION: { message: 'La operación no cumple con las reglas de negocio.', actions: [], severity: 'error' },
  PROPERTY_NOT_AVAILABLE: { message: 'Esta propiedad no está disponible actualmente.', actions: [], severity: 'error' },
  UNIT_ALREADY_RESERVED: {
    message: 'Esta unidad ya fue reservada por otro cliente.',
    actions: ['Explorar otras unidades', 'Configurar alertas', 'Contactar a ventas'],
    severity: 'error',
  },
  RESERVATION_LIMIT_REACHED: {
    message: 'Ya tiene el máximo de reservas activas permitido por comprador. Para reservar otra unidad, anule la reserva en curso o contacte a ventas.',
    actions: ['Ver mis reservas', 'Contactar a ventas'],
    severity: 'error',
  },
  UNIT_HELD_BY_BUYER: {
    message: 'Un comprador tiene esta unidad en proceso de reserva o reservada: no se puede deshabilitar ni cambiar su precio.',
    actions: ['Espere a que la reserva se confirme o expire'],
    severity: 'error',
  },
  INVALID_PROPERTY_TYPE: { message: 'Tipo de propiedad no válido.', actions: [], severity: 'error' },
  PRICE_OUT_OF_RANGE: { message: 'El precio está fuera del rango permitido.', actions: [], severity: 'error' },
  INVALID_UF_VALUE: { message: 'El valor en UF no es válido.', actions: [], severity: 'error' },
  INVALID_CURRENCY: { message: 'Use pesos chilenos (CLP) o Unidad de Fomento (UF).', actions: [], severity: 'error' },
  PAYMENT_FAILED: {
    message: 'No se pudo procesar su pago. Intente nuevamente.',
    actions: ['Verifique los datos de su tarjeta', 'Confirme que tiene fondos suficientes', 'Intente con otro medio de pago', 'Contacte a su banco'],
    severity: 'error',
  },
  INSUFFICIENT_FUNDS: { message: 'Fondos insuficientes para completar la transacción.', actions: [], severity: 'error' },
  INVALID_CHILEAN_PHONE: {
    message: 'Ingrese un número de teléfono chileno válido (ej: +56 9 1234 5678).',
    actions: [],
    severity: 'error',
  },
  PHONE_REQUIRED: { message: 'El número de teléfono es obligatorio.', actions: [], severity: 'error' },
  INVALID_CREDENTIALS: { message: 'Email o contraseña incorrectos.', actions: ['Recuperar contraseña'], severity: 'error' },
  EMAIL_NOT_VERIFIED: {
    message: 'Debe verificar su email antes de ingresar. Revise su bandeja de entrada.',
    actions: ['Reenviar email de confirmación'],
    severity: 'warning',
  },
  ACCOUNT_DISABLED: { message: 'Su cuenta está deshabilitada. Contacte soporte.', actions: ['Contactar soporte'], severity: 'error' },
  SESSION_EXPIRED: { message: 'Su sesión ha expirado. Por favor ingrese nuevamente.', actions: [], severity: 'warning' },
  TOKEN_INVALID: { message: 'Su sesión no es válida. Ingrese nuevamente.', actions: [], severity: 'error' },
  CSRF_TOKEN_INVALID: {
    message: 'Su sesión no es válida. Ingrese nuevamente.',
    actions: ['Recargue la página'],
    severity: 'warning',
  },
  VALIDATION_FAILED: { message: 'Algunos datos no son válidos. Revise el formulario.', actions: [], severity: 'error' },
  PAYLOAD_TOO_LARGE: {
    message: 'Los datos enviados superan el tamaño máximo permitido.',
    actions: ['Reduzca el tamaño de los datos enviados'],
    severity: 'error',
  },
  REQUEST_HEADERS_TOO_LARGE: {
    message: 'La dirección o los encabezados de la solicitud son demasiado largos.',
    actions: ['Acorte la búsqueda o los filtros e intente nuevamente'],
    severity: 'error',
  },
  UNSUPPORTED_MEDIA_TYPE: { message: 'El tipo de contenido enviado no es válido.', actions: [], severity: 'error' },
  SERVICE_STARTING: {
    message: 'El servicio se está iniciando. Intente nuevamente en unos segundos.',
    actions: ['Intente nuevamente en unos segundos'],
    severity: 'warning',
  },
  PRECONDITION_FAILED: {
    message: 'La información cambió mientras la editaba. Recargue e intente nuevamente.',
    actions: ['Recargar'],
    severity: 'warning',
  },
  PRECONDITION_REQUIRED: {
    message: 'Falta la versión de los datos que editó. Recargue e intente nuevamente.',
    actions: ['Recargar'],
    severity: 'warning',
  },
  SERVER_ERROR: { message: 'Error interno del sistema. Intente más tarde.', actions: [], severity: 'error' },
  NOT_FOUND: { message: 'El recurso solicitado no existe.', actions: [], severity: 'error' },
  // The data directory cannot take a write (disk full, read-only): nothing was recorded, the request may be retried.
  STORAGE_UNAVAILABLE: {
    message: 'El sistema no puede guardar información en este momento. No se registró ningún cambio; intente nuevamente más tarde.',
    actions: ['Intente nuevamente en unos minutos'],
    severity: 'error',
  },
  METHOD_NOT_ALLOWED: { message: 'Esta operación no está disponible para el recurso solicitado.', actions: [], severity: 'error' },
  // Data requests (Ley 21.719): moves the request's state does not allow.
  DATA_REQUEST_CLOSED: { message: 'Esta solicitud ya fue respondida y no admite cambios.', actions: [], severity: 'error' },
  IDENTITY_NOT_VERIFIED: { message: 'Verifique la identidad del titular antes de responder la solicitud.', actions: [], severity: 'error' },
  // Email administration (spec §8: SMTP connection error, test email error).
  SMTP_CONNECTION_FAILED: {
    message: 'No se pudo conectar con el servidor SMTP. Revise el servidor, el puerto, la seguridad y las credenciales.',
    actions: ['Revise la configuración SMTP', 'Pruebe la conexión nuevamente'],
    severity: 'error',
  },
  TEST_EMAIL_FAILED: {
    message: 'No se pudo enviar el correo de prueba. Quedó en el historial para reintentarlo.',
    actions: ['Revise la configuración SMTP', 'Reintente desde el historial'],
    severity: 'error',
  },
  FORBIDDEN: { message: 'No tiene permisos para acceder a este contenido.', actions: [], severity: 'error' },
  // Spec §9: a reservation's amount is refunded when its unit was not confirmed, and only once.
  REFUND_NOT_DUE: {
    message: 'Esta reserva no tiene un reembolso pendiente: no se pagó, quedó confirmada o ya fue reembolsada.',
    actions: [],
    severity: 'error',
  },
  REFUND_FAILED: {
    message: 'La pasarela de pago no pudo hacer el reembolso. Intente nuevamente en unos minutos.',
    actions: [],
    severity: 'error',
  },
  RESERVATION_NOT_CANCELLABLE: {
    message: 'Esta reserva ya terminó (vencida, liberada, rechazada o cancelada): no hay nada que cancelar.',
    actions: [],
    severity: 'error',
  },
  HOLD_NOT_EXTENDABLE: {
    message: 'Solo se puede extender la retención de una reserva que aún espera su pago.',
    actions: [],
    severity: 'error',
  },
  // Leads: derivated and rejected are final; the moves allowed are decided by the lead (domain/leads).
  LEAD_CLOSED: { message: 'Este lead ya fue derivado o rechazado y no admite cambios. Un nuevo contacto abre un lead nuevo.', actions: [], severity: 'error' },
  LEAD_STATUS_NOT_ALLOWED: { message: 'Este cambio de estado no está permitido para el lead.', actions: [], severity: 'error' },
  // Two writes of the same record at once, the other one first: nothing of this one was written.
  CONCURRENT_MODIFICATION: {
    message: 'Otra persona modificó estos datos al mismo tiempo. Revise los datos actuales e intente nuevamente.',
    actions: ['Intente nuevamente'],
    severity: 'warning',
  },
  OPERATION_IN_PROGRESS: { message: 'Ya hay una operación igual en curso. Espere a que termine.', actions: [], severity: 'warning' },
  RATE_LIMIT_EXCEEDED: {
    message: 'Ha realizado muchas solicitudes. Espere un momento e intente nuevamente.',
    actions: [],
    severity: 'warning',
  },
} as const satisfies Record<string, CatalogueEntry>;

export type ErrorCode = keyof typeof ERROR_CATALOGUE;

// Own keys only: 'toString' or 'constructor' are not codes of the catalogue.
export const catalogueEntry = (code: string): CatalogueEntry =>
  Object.hasOwn(ERROR_CATALOGUE, code) ? (ERROR_CATALOGUE as Record<string, CatalogueEntry>)[code] : UNKNOWN_ERROR;

/** The error object of spec §3, as the API sends it and the web reads it. */
export interface ApiErrorBody {
  readonly code: string;
  readonly message: string;
  readonly severity: Severity;
  readonly fieldErrors: readonly { field: string; code: string; message: string }[];
  readonly actions: readonly string[];
}
