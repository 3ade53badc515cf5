import 'reflect-metadata';
import { dataDirOf, loadConfig } from './config';
import { startPlatform } from './composition/platform';
import { createLogger, logTo } from './logging/logger';
import { exitForOperator } from './operator-error';
import { storageRefusal } from './storage-faults';

/** `npm start`: the whole platform in one process on the embedded default. */
const main = async () => {
  const config = loadConfig();
  const logger = createLogger(config.log);
  const platform = await startPlatform(config, logTo(logger), { logger });
  if (config.mode === 'distributed') logger.info(`Escuchando en ${platform.url}: /api/v1/health dice "starting" hasta que las proyecciones se pongan al día`);
  await platform.ready;
  logger.info(`Plataforma lista en ${platform.url} (modo ${config.mode}, datos en ${config.dataDir})`);
  if (platform.sink) logger.info(`Correo de desarrollo: servidor SMTP local; los correos se ven en ${platform.url}/backoffice/mailbox`);
  logger.info(
    process.env.PUBLIC_URL
      ? `Enlaces de los correos: ${config.publicUrl} (PUBLIC_URL)`
      : `Enlaces de los correos: la dirección por la que se llega a esta máquina (${platform.url} si no); ` +
          'defina PUBLIC_URL si la aplicación se publica con otro nombre (un proxy, un dominio)',
  );
  let stopping = false;
  // SIGTERM (docker stop, Kubernetes): readiness says "stopping", requests in flight finish, the stores close.
  const shutdown = async () => {
    if (stopping) return;
    stopping = true;
    logger.info('Deteniendo: no se aceptan conexiones nuevas; terminan las solicitudes en curso');
    try {
      await platform.stop();
      logger.info('Plataforma detenida');
      process.exit(0);
    } catch (error) {
      exitForOperator('La plataforma no se detuvo en orden: ', error);
    }
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
};

// Before a logger exists (a setting refused) as after: what an operator reads, on stderr.
main().catch((error) => exitForOperator('No se pudo iniciar la plataforma: ', storageRefusal(error, dataDirOf())));
