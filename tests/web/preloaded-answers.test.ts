import { ApiError } from '../../web/src/shared/api/errors';
import type { ApiPort, ApiRequest } from '../../web/src/shared/api/port';
import { answerKey, recordingApi, withPreloadedAnswers } from '../../web/src/shared/api/preloaded-answers';
import { createFirstReads } from '../../web/src/shared/kit/first-reads';

/** A port answering every request with its own key, counting the calls that reached it. */
const server = () => {
  const calls: string[] = [];
  const api: ApiPort = {
    request: async <T>(request: ApiRequest) => {
      calls.push(`${request.method} ${answerKey(request)}`);
      if (request.path === '/fails') throw new ApiError(503, { code: 'SERVER_ERROR', message: 'caído', severity: 'error', fieldErrors: [], actions: [] });
      return { status: 200, data: { from: 'server', key: answerKey(request) } as T, header: (name: string) => (name === 'ETag' ? 'W/"3"' : null) };
    },
    upload: () => Promise.reject(new Error('no')),
    resetSessionState: () => undefined,
  };
  return { api, calls };
};

describe("a server-rendered page's first answers", () => {
  it('the server keeps each successful read by path and query, and counts the failed ones', async () => {
    const { api } = server();
    const recorder = recordingApi(api);
    await recorder.api.request({ method: 'GET', path: '/projects', query: { sort: 'featured', limit: 12, q: '' } });
    await recorder.api.request({ method: 'POST', path: '/quotes', body: {} });
    await expect(recorder.api.request({ method: 'GET', path: '/fails' })).rejects.toThrow('caído');
    expect(recorder.answers()).toEqual({
      '/api/v1/projects?sort=featured&limit=12': { status: 200, data: { from: 'server', key: '/api/v1/projects?sort=featured&limit=12' }, etag: 'W/"3"' },
    });
    expect(recorder.failures()).toBe(1);
  });

  it('the browser answers each recorded read once from the page, then asks the server', async () => {
    const { api, calls } = server();
    const answers = { '/api/v1/projects/p1': { status: 200, data: { from: 'page' }, etag: 'W/"7"' } };
    const browser = withPreloadedAnswers(api, answers);
    const first = await browser.request({ method: 'GET', path: '/projects/p1' });
    expect(first.data).toEqual({ from: 'page' });
    expect(first.header('etag')).toBe('W/"7"');
    expect(calls).toEqual([]);
    expect((await browser.request({ method: 'GET', path: '/projects/p1' })).data).toEqual({ from: 'server', key: '/api/v1/projects/p1' });
    await browser.request({ method: 'GET', path: '/projects/p2' });
    expect(calls).toEqual(['GET /api/v1/projects/p1', 'GET /api/v1/projects/p2']);
  });

  it('first reads are shared by the renders of the first screen, and read afresh once the visitor navigates', async () => {
    const { api, calls } = server();
    const reads = createFirstReads();
    const load = async (port: ApiPort) => (await port.request<{ key: string }>({ method: 'GET', path: '/content/home' })).data.key;
    const once = reads.read(load, api);
    expect(reads.read(load, api)).toBe(once);
    expect(await once).toEqual({ status: 'loaded', data: '/api/v1/content/home' });
    const failing = async (port: ApiPort) => (await port.request({ method: 'GET', path: '/fails' })).data;
    expect(await reads.read(failing, api)).toEqual({ status: 'failed', message: 'caído' });
    reads.close();
    expect(reads.read(load, api)).toBeNull();
    expect(calls).toEqual(['GET /api/v1/content/home', 'GET /api/v1/fails']);
  });
});
