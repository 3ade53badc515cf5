import { buildQuery, withApiPrefix } from './http-adapter';
import type { ApiPort, ApiRequest, ApiResponse } from './port';

/**
 * The first API answers of a server-rendered page, carried in its HTML (adapters/http/page-rendering.ts):
 * the server records the reads its rendering made; the browser answers the same reads from them once, so
 * hydrating the page costs no second round trip to the API.
 */
export interface RecordedAnswer {
  readonly status: number;
  readonly data: unknown;
  readonly etag: string | null;
}

export type RecordedAnswers = Record<string, RecordedAnswer>;

/** One key per read: the path with its prefix and its query as the adapter sends it. */
export const answerKey = (request: Pick<ApiRequest, 'path' | 'query'>): string => `${withApiPrefix(request.path)}${buildQuery(request.query)}`;

const isRead = (request: ApiRequest) => request.method === 'GET' && !request.headers;

/** The server side: the port the page renders with, keeping each successful read and counting the failed ones. */
export const recordingApi = (api: ApiPort): { api: ApiPort; answers: () => RecordedAnswers; failures: () => number } => {
  const answers: RecordedAnswers = {};
  let failures = 0;
  return {
    answers: () => ({ ...answers }),
    failures: () => failures,
    api: {
      ...api,
      request: async <T>(request: ApiRequest): Promise<ApiResponse<T>> => {
        try {
          const response = await api.request<T>(request);
          if (isRead(request)) answers[answerKey(request)] = { status: response.status, data: response.data, etag: response.header('ETag') };
          return response;
        } catch (error) {
          failures += 1;
          throw error;
        }
      },
    },
  };
};

/** The browser side: each recorded read answered once from the page, every later one from the server. */
export const withPreloadedAnswers = (api: ApiPort, answers: RecordedAnswers): ApiPort => {
  const pending = new Map(Object.entries(answers));
  return {
    ...api,
    request: <T>(request: ApiRequest): Promise<ApiResponse<T>> => {
      const key = answerKey(request);
      const answer = isRead(request) ? pending.get(key) : undefined;
      if (!answer) return api.request<T>(request);
      pending.delete(key);
      return Promise.resolve({
        status: answer.status,
        data: answer.data as T,
        header: (name: string) => (name.toLowerCase() === 'etag' ? answer.etag : null),
      });
    },
  };
};
