/** Public routes of spec §2: no sign-in needed, and a 401 seen while on them triggers no session handling. */
const PUBLIC_EXACT = new Set(['/', '/login', '/register', '/terms', '/privacy', '/contact', '/forbidden', '/company-registration']);
const PUBLIC_PREFIXES = ['/projects', '/auth', '/campaigns'];

const normalise = (path: string): string => {
  const bare = path.split(/[?#]/)[0] || '/';
  return bare.length > 1 ? bare.replace(/\/+$/, '') || '/' : bare;
};

export const isPublicPath = (path: string): boolean => {
  const p = normalise(path);
  return PUBLIC_EXACT.has(p) || PUBLIC_PREFIXES.some((prefix) => p === prefix || p.startsWith(`${prefix}/`));
};
