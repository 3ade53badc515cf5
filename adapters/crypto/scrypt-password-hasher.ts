import { randomBytes, scrypt as scryptCb, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import type { PasswordHasher } from '../../kernel/ports/password-hasher';

const scrypt = (password: string, salt: Buffer, keylen: number, options: ScryptOptions): Promise<Buffer> =>
  new Promise((resolve, reject) => scryptCb(password, salt, keylen, options, (err, key) => (err ? reject(err) : resolve(key))));

/**
 * scrypt (memory-hard). The hash records its own cost `scrypt$N$r$p$salt$key`, so the cost can be raised
 * later without invalidating existing passwords. Memory per hash = 128 * N * r bytes (16 MiB at N=2^14).
 */
export class ScryptPasswordHasher implements PasswordHasher {
  constructor(private readonly cost: { N: number; r: number; p: number }) {}

  get description(): string {
    const mib = (128 * this.cost.N * this.cost.r) / 2 ** 20;
    return `scrypt N=${this.cost.N} r=${this.cost.r} p=${this.cost.p} (${mib} MiB)`;
  }

  async hash(password: string): Promise<string> {
    const salt = randomBytes(16);
    const { N, r, p } = this.cost;
    const key = await scrypt(password.normalize('NFKC'), salt, 64, { N, r, p, maxmem: 256 * N * r + 1024 * 1024 });
    return ['scrypt', N, r, p, salt.toString('base64url'), key.toString('base64url')].join('$');
  }

  async verify(password: string, stored: string): Promise<boolean> {
    const [scheme, n, r, p, salt, key] = stored.split('$');
    if (scheme !== 'scrypt' || !salt || !key) return false;
    const N = Number(n);
    const expected = Buffer.from(key, 'base64url');
    const actual = await scrypt(password.normalize('NFKC'), Buffer.from(salt, 'base64url'), expected.length || 64, {
      N,
      r: Number(r),
      p: Number(p),
      maxmem: 256 * N * Number(r) + 1024 * 1024,
    });
    return expected.length === actual.length && timingSafeEqual(expected, actual);
  }
}
