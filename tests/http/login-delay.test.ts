import { LoginRateLimit, RateLimited } from '../../adapters/http/security/login-rate-limit';
import { limiterStoreFor } from '../../adapters/http/security/limiter-store';
import fs from 'node:fs';
import { loadConfig } from '../../adapters/config';
import { tempDir } from '../support/test-app';

/** The per-account delay grows with each failure past the free ones (item 12: a delay, not a wall). */
describe('progressive delay per account', () => {
  const dataDir = tempDir('login-delay');
  const config = loadConfig({ DATA_DIR: dataDir, LOGIN_LIMIT_PER_ACCOUNT: '2', LOGIN_DELAY_BASE_SECONDS: '10', LOGIN_DELAY_MAX_SECONDS: '60' });
  // loadConfig writes the data directory's secret key there: nothing of a run stays behind in the temp folder.
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));
  const retryAfter = async (limit: LoginRateLimit, login: string) =>
    limit.before('198.51.100.1', login).then(
      () => 0,
      (e: unknown) => (e as RateLimited).retryAfterSeconds,
    );

  it('free failures, then 10 s, 20 s, 40 s, capped at 60 s; a success clears it', async () => {
    const limit = new LoginRateLimit(config.rateLimit, limiterStoreFor(config).limiter);
    const waits: number[] = [];
    for (let i = 0; i < 6; i++) {
      await limit.failed('198.51.100.1', 'Ana@Empresa.cl');
      waits.push(await retryAfter(limit, 'ana@empresa.cl'));
    }
    expect(waits).toEqual([0, 10, 20, 40, 60, 60]);
    await limit.succeeded(' ANA@empresa.cl');
    expect(await retryAfter(limit, 'ana@empresa.cl')).toBe(0);
  });
});
