/** `npm run admin -- backup|restore <file> [--force]` (admin.ts): messages and exit codes. */
import type { Config } from '../config';
import { createBackup } from './backup';
import { BackupError } from './format';
import { restoreBackup } from './restore';

export const BACKUP_USAGE = `  npm run admin -- backup <fichier> [--force]   sauvegarde le stockage, les fichiers et les secrets
  npm run admin -- restore <fichier> [--force]  restaure une sauvegarde dans une instance vide
`;

const out = (text: string) => process.stdout.write(`${text}\n`);
const fail = (text: string) => process.stderr.write(`${text}\n`);

const size = (bytes: number) =>
  bytes >= 1024 * 1024
    ? `${(bytes / 1024 / 1024).toFixed(1)} Mio`
    : `${Math.ceil(bytes / 1024)} Kio`;
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/** Whether `args` (after the command) are a file and at most `--force`. */
export function parseBackupArgs(args: string[]): { file: string; force: boolean } | null {
  const force = args.includes('--force');
  const rest = args.filter((arg) => arg !== '--force');
  if (rest.length !== 1 || !rest[0] || rest[0].startsWith('-')) return null;
  return { file: rest[0], force };
}

export async function runBackupCommand(
  command: 'backup' | 'restore',
  args: { file: string; force: boolean },
  config: Config,
): Promise<number> {
  const started = performance.now();
  try {
    if (command === 'backup') {
      const { file, manifest, bytes } = await createBackup(config, args.file, args);
      const rows = manifest.tables.reduce((sum, t) => sum + t.rows, 0);
      out(`Sauvegarde écrite : ${file} (${size(bytes)}, ${seconds(performance.now() - started)}).`);
      out(
        `  ${manifest.store === 'embedded' ? 'Stockage intégré' : 'PostgreSQL'} : ${manifest.tables.length} tables, ${rows} ligne(s), ${manifest.migrations.length} migrations.`,
      );
      if (manifest.files.where === 'archive') {
        out(
          `  Fichiers : ${manifest.files.count} (${size(manifest.files.bytes)}) depuis ${config.dataDir}/files.`,
        );
      } else {
        out(
          `  Fichiers : dans le seau S3 « ${manifest.files.bucket} », PAS dans cette archive : sauvegardez ce seau avec les outils de votre stockage S3.`,
        );
      }
      out(
        manifest.secrets.length > 0
          ? `  Secrets de DATA_DIR inclus (${manifest.secrets.join(', ')}) : gardez cette archive à l’abri, comme un mot de passe.`
          : '  Aucun secret dans DATA_DIR : ceux de l’environnement (SESSION_SECRET, CALENDAR_TOKEN_KEY, clés VAPID) sont à sauvegarder à part.',
      );
      return 0;
    }
    const summary = await restoreBackup(config, args.file, args);
    const { manifest } = summary;
    out(
      `Sauvegarde du ${manifest.createdAt} restaurée dans ${config.databaseUrl ? 'PostgreSQL' : `le stockage intégré de ${config.dataDir}`} (${seconds(performance.now() - started)}).`,
    );
    out(`  ${summary.rows} ligne(s) dans ${manifest.tables.length} tables.`);
    if (summary.migrated > 0) {
      out(
        `  Sauvegarde plus ancienne que cette version : ${summary.migrated} migration(s) appliquée(s) ensuite.`,
      );
    }
    if (manifest.files.where === 'archive') {
      out(
        summary.filesToS3
          ? `  Fichiers : ${summary.files} envoyés dans le seau S3 configuré.`
          : `  Fichiers : ${summary.files} dans ${config.dataDir}/files.`,
      );
    } else {
      out(
        `  Fichiers : ils étaient dans le seau S3 « ${manifest.files.bucket} » (${manifest.files.endpoint}), pas dans l’archive : restaurez ce seau et configurez S3_* pour le retrouver.`,
      );
    }
    if (summary.secrets.length > 0) {
      out(
        `  Secrets remis dans DATA_DIR : ${summary.secrets.join(', ')} (une variable d’environnement définie l’emporte sur chacun).`,
      );
    }
    out(
      `  Étapes : ${Object.entries(summary.phases)
        .map(([name, s]) => `${name} ${s.toFixed(1)} s`)
        .join(', ')}.`,
    );
    out('Démarrez Ruche.');
    return 0;
  } catch (error) {
    if (error instanceof BackupError) {
      fail(error.message);
      return 1;
    }
    const what = command === 'backup' ? 'La sauvegarde' : 'La restauration';
    fail(`${what} a échoué : ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  }
}
