import net from 'node:net';
import nodemailer, { type Transporter } from 'nodemailer';
import { MailRelayError, type DeliverableMail, type MailTransport, type TransportSettings } from '../../kernel/ports/mailer';
import { AddressRefused, resolveChecked, systemResolve, type AddressKind, type Resolve } from '../net/outbound-address';

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '::1']);

/**
 * Where the relay may be. The back office types a host and a port and the server connects there, so an admin
 * could otherwise probe this machine's ports or the cloud's metadata service: loopback only when the operator
 * says a local relay is in use (`SMTP_ALLOW_LOCAL_RELAY`), link-local and metadata never. A private network is
 * fine (a company's relay lives there). The relays the operator configured (the environment's `SMTP_HOST`, the
 * in-process sink) are reached as they are.
 */
export interface RelayAddressRule {
  readonly allowLocalRelay: boolean;
  readonly trusted: readonly { readonly host: string; readonly port: number }[];
  readonly resolve?: Resolve;
}

const acceptsFor =
  (rule: RelayAddressRule) =>
  (kind: AddressKind): boolean =>
    kind === 'public' || kind === 'private' || (kind === 'loopback' && rule.allowLocalRelay);

/**
 * SMTP with nodemailer, one pooled connection per settings in force: a change in the back office makes a
 * new transport on the next delivery (no restart), and the old one is closed.
 */
export class SmtpTransport implements MailTransport {
  private current: { key: string; transport: Transporter } | null = null;

  constructor(private readonly rule: RelayAddressRule = { allowLocalRelay: false, trusted: [] }) {}

  async deliver(mail: DeliverableMail, settings: TransportSettings): Promise<{ messageId: string }> {
    try {
      const info = await (
        await this.transportFor(settings)
      ).sendMail({
        from: { name: settings.fromName, address: settings.fromEmail },
        replyTo: settings.replyTo || undefined,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html ?? undefined,
        messageId: mail.messageId,
        attachments: mail.attachments.map((a) => ({ filename: a.filename, content: a.content, contentType: a.contentType })),
      });
      return { messageId: info.messageId };
    } catch (error) {
      throw relayFailure(error);
    }
  }

  async verify(settings: TransportSettings): Promise<void> {
    try {
      const probe = nodemailer.createTransport(await this.options(settings));
      try {
        await probe.verify();
      } finally {
        probe.close();
      }
    } catch (error) {
      throw relayFailure(error);
    }
  }

  close(): void {
    this.current?.transport.close();
    this.current = null;
  }

  private async transportFor(settings: TransportSettings): Promise<Transporter> {
    const resolved = await this.options(settings);
    const key = JSON.stringify(resolved);
    if (this.current?.key !== key) {
      this.current?.transport.close();
      this.current = { key, transport: nodemailer.createTransport(resolved) };
    }
    return this.current.transport;
  }

  /**
   * The connection options, the host checked and pinned: nodemailer is handed the address that was checked (the
   * name stays for TLS: SNI and the certificate's name), so the name cannot resolve elsewhere between the two.
   */
  private async options(s: TransportSettings) {
    const base = options(s);
    if (this.rule.trusted.some((relay) => relay.host === s.host && relay.port === s.port)) return base;
    const [first] = await resolveChecked(s.host, acceptsFor(this.rule), this.rule.resolve ?? systemResolve);
    return { ...base, host: first.address, ...(net.isIP(s.host) ? {} : { servername: s.host }) };
  }
}

const options = (s: TransportSettings) => ({
  host: s.host,
  port: s.port,
  secure: s.security === 'ssl',
  requireTLS: s.security === 'starttls',
  // Without a security type the session stays plain: on loopback (the dev sink) never upgrade.
  ignoreTLS: s.security === 'none' && LOOPBACK.has(s.host),
  auth: s.username ? { user: s.username, pass: s.password ?? '' } : undefined,
  connectionTimeout: s.timeoutMs,
  greetingTimeout: s.timeoutMs,
  socketTimeout: s.timeoutMs,
});

/**
 * nodemailer's error, told in Spanish by what it means to the admin. Whatever the other end said is left out:
 * pointed at an SSH or HTTP port, it would read that service's banner back; a closed, filtered or non-SMTP port
 * all read the same.
 */
const relayFailure = (error: unknown): MailRelayError => {
  if (error instanceof MailRelayError) return error;
  if (error instanceof AddressRefused)
    return new MailRelayError(
      'La dirección del servidor SMTP no está permitida: apunta a este mismo equipo, a una dirección local de enlace o a un servicio de metadatos.',
      'address_refused',
    );
  const { code, responseCode } = (error ?? {}) as { code?: unknown; responseCode?: unknown };
  if (code === 'EAUTH') return new MailRelayError('El servidor SMTP rechazó el usuario o la contraseña.', 'authentication', numberOrUndefined(responseCode));
  if ((code === 'EENVELOPE' || code === 'EMESSAGE') && typeof responseCode === 'number')
    return new MailRelayError(`El servidor SMTP rechazó el correo (código ${responseCode}).`, 'refused', responseCode);
  return new MailRelayError('No se pudo establecer la conexión con el servidor SMTP: revise el servidor, el puerto y el tipo de seguridad.', 'unreachable');
};

const numberOrUndefined = (value: unknown): number | undefined => (typeof value === 'number' ? value : undefined);
