import path from 'node:path';
import { restoreDataDirectory } from '../embedded/data-directory-backup';
import { forOperator, OperatorError } from '../operator-error';

/**
 * `npm run restore -- <archivo> <directorio>`: unpacks a backup made by `npm run backup` into a new data
 * directory, after checking every file against the manifest's checksums; a damaged or partial archive is
 * refused and nothing is written. Start the platform on it with DATA_DIR=<directorio>.
 */
const main = async () => {
  const [archive, dir] = process.argv.slice(2);
  if (!archive || !dir) throw new OperatorError('Uso: npm run restore -- <archivo.tar.gz> <directorio nuevo>');
  const manifest = await restoreDataDirectory(path.resolve(archive), path.resolve(dir));
  process.stdout.write(
    `Respaldo del ${manifest.createdAt} restaurado en ${dir} (${manifest.entries.length} archivos verificados); inicie con DATA_DIR=${dir}\n`,
  );
};

main().catch((error) => {
  const said = forOperator(error);
  process.stderr.write(`${said instanceof Error ? said.stack : String(said)}\n`);
  process.exit(1);
});
