import 'reflect-metadata';
import { dataDirOf, loadConfig } from './config';
import { startPlatform } from './composition/platform';
import { forOperator } from './operator-error';
import { storageRefusal } from './storage-faults';

/** `npm start`: the whole platform in one process on the embedded default. */
const main = async () => {
  const config = loadConfig();
  const platform = await startPlatform(config);
  if (config.mode === 'distributed') console.log(`Escuchando en ${platform.url}: /api/v1/health dice "starting" hasta que las proyecciones se pongan al día`);
  await platform.ready;
  console.log(`Plataforma lista en ${platform.url} (modo ${config.mode}, datos en ${config.dataDir})`);
  if (platform.sink) console.log(`Correo de desarrollo: servidor SMTP local; los correos se ven en ${platform.url}/backoffice/mailbox`);
  console.log(
    process.env.PUBLIC_URL
      ? `Enlaces de los correos: ${config.publicUrl} (PUBLIC_URL)`
      : `Enlaces de los correos: la dirección por la que se llega a esta máquina (${platform.url} si no); ` +
          'defina PUBLIC_URL si la aplicación se publica con otro nombre (un proxy, un dominio)',
  );
  let stopping = false;
  const shutdown = async () => {
    if (stopping) return;
    stopping = true;
    await platform.stop();
    process.exit(0);
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
};

main().catch((error) => {
  console.error('No se pudo iniciar la plataforma:', forOperator(storageRefusal(error, dataDirOf())));
  process.exit(1);
});
