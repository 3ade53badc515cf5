import fs from 'node:fs';
import type https from 'node:https';
import path from 'node:path';
import webpush from 'web-push';
import type { PushSender, PushTarget } from '../../application/notifications/channels';

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

/** Web Push through the `web-push` library (RFC 8030 + VAPID, payload encrypted for the subscription). */
export class WebPushSender implements PushSender {
  readonly publicKey: string;

  constructor(
    private readonly keys: VapidKeys,
    private readonly subject: string,
    /** An HTTPS agent of one's own (a proxy, or a test's push service with its own certificate). */
    private readonly agent?: https.Agent,
  ) {
    this.publicKey = keys.publicKey;
  }

  async send(target: PushTarget, payload: { title: string; body: string; link: string | null; tag: string }): Promise<'sent' | 'gone'> {
    try {
      await webpush.sendNotification({ endpoint: target.endpoint, keys: { p256dh: target.keys.p256dh, auth: target.keys.auth } }, JSON.stringify(payload), {
        vapidDetails: { subject: this.subject, publicKey: this.keys.publicKey, privateKey: this.keys.privateKey },
        TTL: 24 * 3600,
        timeout: 10_000,
        ...(this.agent ? { agent: this.agent } : {}),
      });
      return 'sent';
    } catch (error) {
      const status = (error as { statusCode?: number }).statusCode;
      if (status === 404 || status === 410) return 'gone';
      throw error;
    }
  }
}
