import net from 'node:net';
import { checkedLookup, resolveChecked, systemResolve, type AddressKind, type Resolve } from '../net/outbound-address';

/**
 * The push services browsers subscribe with: Chrome and Chromium-based browsers (FCM), Firefox (Mozilla autopush),
 * Edge (WNS, one host per region), Safari (Apple). `PUSH_SERVICE_HOSTS` replaces the list; `*.` matches subdomains.
 */
const DEFAULT_PUSH_SERVICE_HOSTS = ['fcm.googleapis.com', 'updates.push.services.mozilla.com', '*.notify.windows.com', 'web.push.apple.com'];

const hostMatches = (hostname: string, pattern: string): boolean =>
  pattern.startsWith('*.') ? hostname.endsWith(pattern.slice(1)) && hostname.length > pattern.length - 1 : hostname === pattern;

/**
 * Which endpoints this server sends Web Push to. A subscription's endpoint is whatever the browser (or anyone
 * signed in) posts, and the server connects to it: only https on port 443 of a known push service, resolved to
 * public addresses, and the connection goes to the address that was checked.
 */
export class PushServices {
  private readonly hosts: readonly string[];
  readonly lookup: ReturnType<typeof checkedLookup>;

  constructor(
    hosts: readonly string[] = DEFAULT_PUSH_SERVICE_HOSTS,
    private readonly resolve: Resolve = systemResolve,
    /** Public addresses only; a test's own push service on loopback is the one exception, and only there. */
    private readonly acceptsAddress: (kind: AddressKind) => boolean = (kind) => kind === 'public',
  ) {
    this.hosts = hosts.map((host) => host.toLowerCase());
    this.lookup = checkedLookup(this.acceptsAddress, this.resolve);
  }

  /** The endpoint's URL when its form is one we send to (https, no credentials, port 443, a listed host); else null. */
  listed(endpoint: string): URL | null {
    let url: URL;
    try {
      url = new URL(endpoint);
    } catch {
      return null;
    }
    if (url.protocol !== 'https:' || url.username || url.password || url.port !== '') return null;
    if (net.isIP(url.hostname.replace(/^\[|\]$/g, ''))) return null;
    return this.hosts.some((pattern) => hostMatches(url.hostname, pattern)) ? url : null;
  }

  /** Whether a new subscription may be stored: listed, and its host resolves to public addresses only. */
  async accepts(endpoint: string): Promise<boolean> {
    const url = this.listed(endpoint);
    if (!url) return false;
    try {
      await resolveChecked(url.hostname, this.acceptsAddress, this.resolve);
      return true;
    } catch {
      return false;
    }
  }
}
