import fs from 'node:fs';
import path from 'node:path';
import { configurationDoc } from '../config-schema';

/** `npm run config:docs`: writes docs/configuration.md from the configuration's schema (adapters/config-schema.ts). */
const target = path.resolve(__dirname, '../../docs/configuration.md');
fs.writeFileSync(target, configurationDoc());
process.stdout.write(`Configuración escrita en ${path.relative(process.cwd(), target)}\n`);
