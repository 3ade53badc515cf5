import { loadConfig } from '../config';
import { encryptDataDirectory } from '../embedded/encrypt-data-directory';
import { exitForOperator, OperatorError } from '../operator-error';

/**
 * `npm run personal-data:encrypt`: the one-off migration of an embedded data directory whose events were
 * written before personal data was encrypted. Run it with the platform stopped; the read models are
 * rebuilt on the next start.
 */
const main = async () => {
  const config = loadConfig();
  if (config.mode !== 'embedded') throw new OperatorError('Only an embedded data directory is migrated this way (MODE=embedded)');
  const started = Date.now();
  const { events, streams } = await encryptDataDirectory(config.dataDir, config.secretKey, (copied) => process.stderr.write(`\r${copied} eventos`));
  process.stdout.write(
    `\n${events} eventos de ${streams} streams reescritos con los datos personales cifrados en ${Date.now() - started} ms (${config.dataDir})\n`,
  );
};

main().catch((error) => exitForOperator('', error));
