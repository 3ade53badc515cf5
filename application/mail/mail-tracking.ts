import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';

/**
 * Opens and clicks (spec §3 delivery settings: tracking flags), when the settings turn them on: an invisible
 * pixel and links that pass through the platform. A click link carries an HMAC of the mail and the target, so
 * the redirect cannot be used to send people anywhere else (no open redirect).
 */
export class MailTracking {
  private readonly key: Buffer;

  constructor(
    platformSecret: string,
    private readonly publicUrl: () => string,
  ) {
    this.key = Buffer.from(hkdfSync('sha256', platformSecret, Buffer.alloc(0), 'vivienda/email/click-tracking/v1', 32));
  }

  private sign(mailId: string, url: string): string {
    return createHmac('sha256', this.key).update(`${mailId}\n${url}`).digest('base64url').slice(0, 32);
  }

  /** The HTML as sent: the pixel at its end and/or each absolute link through the click redirect. */
  decorate(html: string, mailId: string, flags: { opens: boolean; clicks: boolean }): string {
    const base = `${this.publicUrl()}/api/v1/email`;
    let out = html;
    if (flags.clicks)
      out = out.replace(/href="(https?:\/\/[^"]+)"/g, (_m, encoded: string) => {
        const url = encoded.replace(/&#x3D;/g, '=').replace(/&amp;/g, '&');
        return `href="${base}/c/${encodeURIComponent(mailId)}?u=${encodeURIComponent(url)}&amp;s=${this.sign(mailId, url)}"`;
      });
    if (flags.opens) out += `<img src="${base}/o/${encodeURIComponent(mailId)}" width="1" height="1" alt="" style="display:none">`;
    return out;
  }

  /** The target of a click link, when its signature is the platform's. */
  target(mailId: string, url: string, signature: string): string | null {
    const expected = Buffer.from(this.sign(mailId, url));
    const given = Buffer.from(signature);
    return /^https?:\/\//.test(url) && expected.length === given.length && timingSafeEqual(expected, given) ? url : null;
  }
}
