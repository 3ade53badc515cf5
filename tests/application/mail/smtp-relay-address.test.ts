import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { SmtpSink } from '../../../adapters/smtp/smtp-sink';
import { SmtpTransport } from '../../../adapters/smtp/smtp-transport';
import { MailRelayError, type TransportSettings } from '../../../kernel/ports/mailer';

/** Another service on this machine, as a port scan would find it: it greets with its banner. */
const sshLike = async () => {
  let connections = 0;
  const server = net.createServer((socket) => {
    connections++;
    socket.end('SSH-2.0-OpenSSH_9.6p1 Ubuntu-3ubuntu13\r\n');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { port: (server.address() as AddressInfo).port, connections: () => connections, close: () => new Promise((r) => server.close(r)) };
};

const settings = (host: string, port: number): TransportSettings => ({
  host,
  port,
  security: 'none',
  username: '',
  password: null,
  fromName: 'Pruebas',
  fromEmail: 'pruebas@vivienda.local',
  replyTo: '',
  timeoutMs: 2000,
});

const failure = async (promise: Promise<unknown>): Promise<MailRelayError> => {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(MailRelayError);
  return error as MailRelayError;
};

describe('SMTP relay addresses: the connection test is not a port scanner', () => {
  let ssh: Awaited<ReturnType<typeof sshLike>>;
  const sink = new SmtpSink();
  let sinkPort = 0;
  beforeAll(async () => {
    ssh = await sshLike();
    sinkPort = await sink.listen(0);
  });
  afterAll(async () => {
    await ssh.close();
    await sink.close();
  });

  it('refuses loopback without connecting, unless the operator allows a local relay', async () => {
    const strict = new SmtpTransport({ allowLocalRelay: false, trusted: [] });
    for (const host of ['127.0.0.1', 'localhost', '::1', '::ffff:127.0.0.1', '0.0.0.0'])
      expect([host, (await failure(strict.verify(settings(host, ssh.port)))).kind]).toEqual([host, 'address_refused']);
    expect(ssh.connections()).toBe(0);
  });

  it('refuses link-local and metadata addresses whatever the operator allows, also behind a name', async () => {
    const names: Record<string, string> = { 'relay.empresa.test': '169.254.169.254', 'interno.empresa.test': 'fd00:ec2::254' };
    const local = new SmtpTransport({
      allowLocalRelay: true,
      trusted: [],
      resolve: async (host) => (names[host] ? [{ address: names[host], family: names[host].includes(':') ? 6 : 4 }] : []),
    });
    for (const host of ['169.254.169.254', 'fe80::1', '100.100.100.200', 'relay.empresa.test', 'interno.empresa.test']) {
      const error = await failure(local.verify(settings(host, 25)));
      expect([host, error.kind]).toEqual([host, 'address_refused']);
      expect(error.message).toMatch(/^La dirección del servidor SMTP no está permitida/);
    }
  });

  it('says the same generic Spanish failure for another service and for a closed port, never its banner', async () => {
    const local = new SmtpTransport({ allowLocalRelay: true, trusted: [] });
    const banner = await failure(local.verify(settings('127.0.0.1', ssh.port)));
    expect(ssh.connections()).toBeGreaterThan(0);
    const closed = await sshLike();
    await closed.close();
    const nothing = await failure(local.verify(settings('127.0.0.1', closed.port)));
    expect(banner.message).toBe(nothing.message);
    expect(banner.message).not.toMatch(/SSH|OpenSSH|greeting|ECONNREFUSED/i);
    expect(banner.message).toMatch(/^No se pudo establecer la conexión con el servidor SMTP/);
  });

  it('reaches the relays the operator configured (the environment’s, the in-process sink) on loopback', async () => {
    const strict = new SmtpTransport({ allowLocalRelay: false, trusted: [{ host: '127.0.0.1', port: sinkPort }] });
    await expect(strict.verify(settings('127.0.0.1', sinkPort))).resolves.toBeUndefined();
    await expect(
      strict.deliver(
        { to: 'ana@empresa.cl', subject: 'Prueba', text: 'Hola', html: null, attachments: [], messageId: '<x1@vivienda.local>' },
        settings('127.0.0.1', sinkPort),
      ),
    ).resolves.toMatchObject({ messageId: '<x1@vivienda.local>' });
    await sink.waitFor((m) => m.to.includes('ana@empresa.cl'));
  });

  it('connects to the address it checked: a name is resolved once, by the rule, and nodemailer is handed the address', async () => {
    let lookups = 0;
    const local = new SmtpTransport({
      allowLocalRelay: true,
      trusted: [],
      resolve: async () => {
        lookups++;
        return [{ address: '127.0.0.1', family: 4 }];
      },
    });
    await expect(local.verify(settings('relay.empresa.test', sinkPort))).resolves.toBeUndefined();
    expect(lookups).toBe(1);
  });
});
