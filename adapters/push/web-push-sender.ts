import fs from 'node:fs';
import https from 'node:https';
import path from 'node:path';
import { parse as legacyParse } from 'node:url';
import webpush from 'web-push';
import type { PushSender, PushTarget } from '../../application/notifications/channels';
import { PushServices } from './push-services';

export interface VapidKeys {
  readonly publicKey: string;
  readonly privateKey: string;
}

/**
 * The VAPID key pair of this platform, generated into the data directory on first start (`vapid.json`, owner
 * read/write only) and kept: browsers' subscriptions are bound to the public key, a new one would orphan them.
 */
export const loadOrCreateVapidKeys = (dataDir: string): VapidKeys => {
  const file = path.join(dataDir, 'vapid.json');
  try {
    const stored = JSON.parse(fs.readFileSync(file, 'utf8')) as Partial<VapidKeys>;
    if (typeof stored.publicKey === 'string' && typeof stored.privateKey === 'string') return { publicKey: stored.publicKey, privateKey: stored.privateKey };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const keys = webpush.generateVAPIDKeys();
  const temporary = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(temporary, JSON.stringify(keys), { mode: 0o600 });
  fs.renameSync(temporary, file);
  return keys;
};

/**
 * Web Push through the `web-push` library (RFC 8030 + VAPID, payload encrypted for the subscription), only to
 * the push services `PushServices` lists, over an agent whose every connection goes to a checked public address.
 */
export class WebPushSender implements PushSender {
  readonly publicKey: string;
  private readonly agent: https.Agent;

  constructor(
    private readonly keys: VapidKeys,
    private readonly subject: string,
    private readonly services: PushServices = new PushServices(),
    /** TLS options of one's own (a test's push service with its own certificate authority). */
    tls: Pick<https.AgentOptions, 'ca'> = {},
  ) {
    this.publicKey = keys.publicKey;
    this.agent = new https.Agent({ ...tls, lookup: services.lookup as unknown as https.AgentOptions['lookup'] });
  }

  accepts(endpoint: string): Promise<boolean> {
    return this.services.accepts(endpoint);
  }

  async send(target: PushTarget, payload: { title: string; body: string; link: string | null; tag: string }): Promise<'sent' | 'gone'> {
    const url = this.services.listed(target.endpoint);
    // Stored before endpoints were checked, or its service taken off the list: never sent to, so forgotten.
    // web-push reads the endpoint with the legacy parser: it must name the host the check named (an IP literal
    // would skip the agent's lookup).
    if (!url || legacyParse(url.href).hostname !== url.hostname) return 'gone';
    try {
      await webpush.sendNotification({ endpoint: url.href, keys: { p256dh: target.keys.p256dh, auth: target.keys.auth } }, JSON.stringify(payload), {
        vapidDetails: { subject: this.subject, publicKey: this.keys.publicKey, privateKey: this.keys.privateKey },
        TTL: 24 * 3600,
        timeout: 10_000,
        agent: this.agent,
      });
      return 'sent';
    } catch (error) {
      const status = (error as { statusCode?: number }).statusCode;
      if (status === 404 || status === 410) return 'gone';
      throw error;
    }
  }
}
