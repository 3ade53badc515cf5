import path from 'node:path';
import { backupDataDirectory } from '../embedded/data-directory-backup';
import { forOperator, OperatorError } from '../operator-error';

/**
 * `npm run backup -- <archivo>`: a consistent copy of the embedded data directory (DATA_DIR), taken while the
 * platform runs (SQLite's online backup), with the keys, the secret, the files and a manifest of checksums.
 * Distributed mode is backed up with the engines' own tools (docs/operations.md).
 */
const main = async () => {
  const archive = process.argv[2];
  if (!archive) throw new OperatorError('Uso: npm run backup -- <archivo.tar.gz>');
  if ((process.env.MODE ?? 'embedded') !== 'embedded')
    throw new OperatorError(
      'Solo el modo embebido se respalda así; el modo distribuido, con las herramientas de KurrentDB, MongoDB y Kafka (docs/operations.md)',
    );
  const dataDir = path.resolve(process.env.DATA_DIR ?? './data');
  const started = Date.now();
  const manifest = await backupDataDirectory(dataDir, path.resolve(archive));
  const bytes = manifest.entries.reduce((sum, e) => sum + e.bytes, 0);
  process.stdout.write(
    `Respaldo escrito en ${archive}: ${manifest.entries.length} archivos, ${(bytes / 1e6).toFixed(1)} MB de ${dataDir} en ${Date.now() - started} ms\n`,
  );
};

main().catch((error) => {
  const said = forOperator(error);
  process.stderr.write(`${said instanceof Error ? said.stack : String(said)}\n`);
  process.exit(1);
});
