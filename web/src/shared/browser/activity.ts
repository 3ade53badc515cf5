/**
 * User activity that keeps a session alive (spec §4): mouse, keyboard, scroll and touch. Tabs share
 * the time of the last activity, so an idle tab does not end a session the user is using elsewhere.
 * Browser binding: dom-activity.ts.
 */
export interface ActivitySource {
  /** Calls `listener` (throttled) while the user interacts with this tab. */
  subscribe(listener: () => void): () => void;
  /** Epoch ms of the last activity in any tab, when known. */
  lastActiveAt(): number | null;
}
