import fs from 'node:fs';
import path from 'node:path';
import { allRoutes, API_PREFIX } from '../http/app';
import type { HttpDeps } from '../http/deps';
import { buildOpenApi } from '../http/openapi';

/** `npm run openapi`: writes docs/openapi.json from the route list and its zod schemas. */
const target = path.resolve(__dirname, '../../docs/openapi.json');
fs.mkdirSync(path.dirname(target), { recursive: true });
fs.writeFileSync(target, `${JSON.stringify(buildOpenApi(allRoutes({} as HttpDeps), API_PREFIX), null, 2)}\n`);
process.stdout.write(`OpenAPI escrito en ${path.relative(process.cwd(), target)}\n`);
