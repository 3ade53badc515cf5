import os from 'node:os';
import type { Request } from 'express';

/**
 * This machine's names, read again at most every few seconds: os.networkInterfaces() costs a system call
 * per request otherwise, and an address that appears (DHCP, VPN) is still picked up soon after.
 */
const LOCAL_NAMES_TTL_MS = 5_000;
let cachedNames: { names: Set<string>; readAt: number } | undefined;
const localNames = (): Set<string> => {
  const now = Date.now();
  if (!cachedNames || now - cachedNames.readAt > LOCAL_NAMES_TTL_MS) cachedNames = { names: readLocalNames(), readAt: now };
  return cachedNames.names;
};

const readLocalNames = (): Set<string> => {
  const names = new Set(['localhost', os.hostname().toLowerCase()]);
  for (const addresses of Object.values(os.networkInterfaces())) for (const a of addresses ?? []) names.add(a.family === 'IPv6' ? `[${a.address}]` : a.address);
  return names;
};

/**
 * Where PUBLIC_URL is not set, links in mails (verification, password reset, payment return) follow the
 * address the user reached the app by, so a colleague opening http://192.168.1.20:3000 gets links to
 * that address and not to localhost. Only an address of this very machine and port is taken: the Host
 * header is the caller's to choose, and a reset link pointing at someone else's host would hand them the
 * token (host-header poisoning). Any other name (a proxy's public name) needs PUBLIC_URL.
 * It travels in the command's metadata (`origin`), not in an AsyncLocalStorage: the promise hooks one turns
 * on cost every promise of the process a quarter of the reservations' throughput (docs/benchmarks.md).
 */
export const localOriginOf = (req: Request): string | undefined => {
  const host = req.get('host');
  if (!host) return undefined;
  let url: URL;
  try {
    url = new URL(`${req.protocol}://${host}`);
  } catch {
    return undefined;
  }
  const port = url.port ? Number(url.port) : url.protocol === 'https:' ? 443 : 80;
  if (port !== req.socket.localPort || !localNames().has(url.hostname.toLowerCase())) return undefined;
  return url.origin;
};
