import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadOrCreateVapidKeys, WebPushSender } from '../../../adapters/push/web-push-sender';

describe('VAPID keys in the data directory', () => {
  it('are generated on first start, readable by the owner only, and the same on every later start', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vapid-'));
    try {
      const first = loadOrCreateVapidKeys(dir);
      expect(first.publicKey).toMatch(/^[A-Za-z0-9_-]{87}$/); // an uncompressed P-256 point, base64url
      expect(fs.statSync(path.join(dir, 'vapid.json')).mode & 0o777).toBe(0o600);
      expect(loadOrCreateVapidKeys(dir)).toEqual(first);
      expect(new WebPushSender(first, 'mailto:no-responder@vivienda.local').publicKey).toBe(first.publicKey);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
