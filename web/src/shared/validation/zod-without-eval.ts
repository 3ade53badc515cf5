import { config } from 'zod';

/**
 * zod compiles a fast parser for each object schema with `new Function`, after probing whether it may. Our CSP
 * (script-src 'self') forbids eval: the probe fails quietly but the browser reports a CSP violation on every
 * page. jitless skips the probe and parses with the interpreter, fast enough for forms. Imported first in main.tsx,
 * before any schema is built.
 */
config({ jitless: true });
