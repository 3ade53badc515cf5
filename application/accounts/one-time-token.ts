import { hash, randomBytes } from 'node:crypto';

/**
 * Verification and reset links carry `<userId>.<secret>`: the id says whose stream to load, and only the
 * SHA-256 of the secret is ever stored in an event, so the event log cannot be replayed into a login.
 */
export const issueToken = (userId: string): { token: string; hash: string } => {
  const secret = randomBytes(32).toString('base64url');
  return { token: `${userId}.${secret}`, hash: sha256(secret) };
};

export const readToken = (token: string): { userId: string; hash: string } | null => {
  const match = /^([A-Za-z0-9-]{1,64})\.([A-Za-z0-9_-]{20,100})$/.exec(token);
  return match ? { userId: match[1], hash: sha256(match[2]) } : null;
};

/** One-shot, without a Hash object to make and collect: a request asks for several. */
export const sha256 = (text: string): string => hash('sha256', text, 'hex');
