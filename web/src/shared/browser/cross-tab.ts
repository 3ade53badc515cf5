/** Login, logout and session-expired events shared between tabs (spec §4). Browser binding: dom-cross-tab.ts. */
export type CrossTabEvent = 'login' | 'logout' | 'session-expired';

export interface CrossTabMessage {
  readonly type: CrossTabEvent;
  readonly at: number;
}

export interface CrossTabChannel {
  post(type: CrossTabEvent): void;
  subscribe(listener: (message: CrossTabMessage) => void): () => void;
}

export const isCrossTabMessage = (value: unknown): value is CrossTabMessage =>
  typeof value === 'object' && value !== null && ['login', 'logout', 'session-expired'].includes((value as CrossTabMessage).type);
