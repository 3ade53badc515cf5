import dns from 'node:dns';
import type { LookupAddress } from 'node:dns';
import net from 'node:net';
import ipaddr from 'ipaddr.js';

/**
 * What an address is, for a connection this server opens on someone's say-so (a browser's push endpoint, the
 * SMTP relay an admin types): the internet, a private network, this machine, or a cloud's metadata service.
 */
export type AddressKind = 'public' | 'private' | 'loopback' | 'link-local' | 'metadata' | 'reserved';

/**
 * Cloud metadata services (AWS/GCP/Azure/OpenStack, ECS tasks, Alibaba, AWS over IPv6): they hand out
 * credentials to whoever asks from the machine, so no setting opens them.
 */
const METADATA = new Set(['169.254.169.254', '169.254.170.2', '100.100.100.200', 'fd00:ec2::254']);

const addressKind = (address: string): AddressKind => {
  if (!ipaddr.isValid(address)) return 'reserved';
  let parsed = ipaddr.parse(address);
  // ::ffff:127.0.0.1 reaches 127.0.0.1: judged as the IPv4 address it carries.
  if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress()) parsed = (parsed as ipaddr.IPv6).toIPv4Address();
  if (METADATA.has(parsed.toString())) return 'metadata';
  switch (parsed.range()) {
    case 'unicast':
      return 'public';
    case 'private':
    case 'uniqueLocal':
    case 'carrierGradeNat':
      return 'private';
    case 'loopback':
      return 'loopback';
    case 'linkLocal':
      return 'link-local';
    default:
      // unspecified, multicast, broadcast, documentation, 6to4/Teredo/NAT64 (which may carry a private IPv4)...
      return 'reserved';
  }
};

/** Name resolution as `dns.lookup` gives it (the hosts file included); tests put their own in. */
export type Resolve = (hostname: string) => Promise<readonly LookupAddress[]>;
export const systemResolve: Resolve = (hostname) => dns.promises.lookup(hostname, { all: true, verbatim: true });

/** A destination this server will not connect to; `kind` says why (never shown to the person who asked). */
export class AddressRefused extends Error {
  readonly code = 'EADDRREFUSED';
  constructor(
    readonly hostname: string,
    readonly kind: AddressKind | 'unresolved',
  ) {
    super(`outbound connection to ${hostname} refused (${kind})`);
    this.name = 'AddressRefused';
  }
}

/**
 * Resolves `hostname` (an IP literal is taken as is) and checks every address it gives: one address the policy
 * refuses refuses the host, so a name that answers a public and a private address cannot pick its target.
 */
export const resolveChecked = async (hostname: string, accepts: (kind: AddressKind) => boolean, resolve: Resolve = systemResolve): Promise<LookupAddress[]> => {
  const bare = hostname.startsWith('[') && hostname.endsWith(']') ? hostname.slice(1, -1) : hostname;
  const family = net.isIP(bare);
  const addresses = family ? [{ address: bare, family }] : [...(await resolve(bare))];
  if (addresses.length === 0) throw new AddressRefused(hostname, 'unresolved');
  for (const { address } of addresses) {
    const kind = addressKind(address);
    if (!accepts(kind)) throw new AddressRefused(hostname, kind);
  }
  return addresses;
};

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/**
 * A `lookup` for `net.connect`/an `https.Agent`: the socket connects to the very addresses that were checked, so
 * a name that resolves to a public address for the check and to 127.0.0.1 a moment later (DNS rebinding) gets
 * nowhere. Node asks with `all: true` when it races IPv6 and IPv4 (autoSelectFamily).
 */
export const checkedLookup =
  (accepts: (kind: AddressKind) => boolean, resolve: Resolve = systemResolve) =>
  (hostname: string, options: { all?: boolean }, callback: LookupCallback): void => {
    resolveChecked(hostname, accepts, resolve).then(
      (addresses) => (options.all ? callback(null, addresses) : callback(null, addresses[0].address, addresses[0].family)),
      (error: NodeJS.ErrnoException) => callback(error, ''),
    );
  };
