import { LEGAL_RETENTION_PERIOD } from '../../contract/privacy';
import { handleCommand } from '../../kernel/command-handling/handle-command';
import type { EventStore } from '../../kernel/ports/event-store';
import { legalDocumentDecider, legalStream } from '../../domain/content/legal-document';

/** The first terms and privacy policy (plain text: blank lines split paragraphs, "## " starts a heading). */
const FIRST_VERSIONS = {
  terms: {
    title: 'Términos y condiciones',
    body: `Estos términos regulan el uso de la plataforma de acceso a vivienda para colaboradores de empresas en convenio. Al crear una cuenta usted declara que los datos entregados son verdaderos y que los usará solo para fines personales.

## Cuenta y acceso

Su cuenta es personal. Debe verificar su email antes de ingresar y mantener su contraseña en reserva.

## Proyectos, precios y reservas

Los precios se informan en Unidades de Fomento (UF) y su equivalente en pesos chilenos (CLP) según el valor de la UF del día. El monto de reserva es reembolsable si la unidad no es confirmada.

## Cambios a estos términos

Los cambios a estos términos entran en vigencia 10 días corridos después de su publicación en esta página, donde se anuncian con su fecha.`,
  },
  privacy: {
    title: 'Política de privacidad',
    body: `Tratamos sus datos personales (nombre, RUT, emails, teléfono e información financiera que usted entregue) solo para evaluar y gestionar su acceso a vivienda, conforme a la Ley 19.628 y a la Ley 21.719 de protección de datos personales.

## Qué datos usamos y para qué

Datos de identificación y contacto: para crear su cuenta y comunicarnos con usted. Datos laborales: para validar su convenio con su empleador. Datos financieros: para simular dividendos y cotizaciones que usted solicite.

## Cuánto tiempo los guardamos

Las reservas y los pagos confirmados se conservan seudonimizados durante ${LEGAL_RETENTION_PERIOD}; el resto de sus datos, mientras mantenga su cuenta. Puede aceptar o retirar los correos comerciales, y oponerse al marketing y a la elaboración de perfiles, cuando quiera desde Mis datos.

## Sus derechos

Puede pedir acceso, rectificación, supresión, oposición, portabilidad y bloqueo de sus datos desde su perfil (Mis datos). Respondemos dentro de 30 días corridos.`,
  },
} as const;

/** Publishes the first version of each legal document when none exists yet (a restart publishes nothing again). */
export const seedLegalDocuments = async (events: EventStore, now = new Date()): Promise<void> => {
  const meta = { now, actorId: 'system', actorRoles: [], correlationId: 'seed-legal-documents' };
  for (const [kind, doc] of Object.entries(FIRST_VERSIONS)) {
    const existing = await events.readStream(legalStream(kind));
    if (existing.length > 0) continue;
    await handleCommand(events, legalStream(kind), legalDocumentDecider, { type: 'PublishLegalDocument', kind, title: doc.title, body: doc.body }, meta);
  }
};
