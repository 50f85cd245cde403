/**
 * `npm run admin -- import slack <export.zip>` and `import mattermost <export.jsonl|zip>`
 * (admin.ts): reads the export, stores it with a progress bar on a terminal, then prints
 * what was imported and what was skipped, and why (docs/operations.md, "Importing from
 * Slack or Mattermost").
 */
import { SingleBar } from 'cli-progress';
import type { Config } from '../config';
import { openDatabase } from '../db/client';
import { runMigrations } from '../db/migrate';
import { createFileStorage } from '../features/files/storage';
import { readMattermostExport } from './mattermost';
import type { ImportData, ImportSource } from './model';
import { readSlackExport } from './slack';
import { ImportRefused, type ImportReport, writeImport } from './write';

export const IMPORT_USAGE = `  npm run admin -- import slack <export.zip>            importe un export Slack (espace de travail)
  npm run admin -- import mattermost <export.jsonl|zip> importe un export Mattermost (mmctl export)
`;

export function parseImportArgs(args: string[]): { source: ImportSource; file: string } | null {
  const [source, file, ...rest] = args;
  if ((source !== 'slack' && source !== 'mattermost') || !file || rest.length > 0) return null;
  return { source, file };
}

export const readExport = (source: ImportSource, file: string): Promise<ImportData> =>
  source === 'slack' ? readSlackExport(file) : readMattermostExport(file);

/** The report, in French, one line each. */
export function describeReport(report: ImportReport, seconds: number): string[] {
  const lines = [
    `Import terminé en ${seconds.toFixed(1)} s.`,
    `  Personnes : ${report.users.created} créée(s) (en attente de leur première connexion), ${report.users.matched} retrouvée(s) par leur adresse, ${report.users.already} déjà importée(s).`,
    `  Conversations : ${report.channels.created} créée(s), ${report.channels.reused} conversation(s) directe(s) existante(s) complétée(s), ${report.channels.already} déjà importée(s).`,
    `  Messages : ${report.messages.imported} importé(s), ${report.messages.already} déjà importé(s).`,
    `  Réactions : ${report.reactions} importée(s).`,
    `  Fichiers : ${report.files.imported} importé(s), ${report.files.already} déjà importé(s).`,
  ];
  if (report.skipped.size > 0) {
    lines.push('  Non importé :');
    for (const [reason, count] of [...report.skipped].sort((a, b) => b[1] - a[1])) {
      lines.push(`    ${count} × ${reason}`);
    }
  }
  return lines;
}

export async function runImportCommand(
  args: { source: ImportSource; file: string },
  config: Config,
): Promise<number> {
  const started = performance.now();
  let data: ImportData;
  try {
    data = await readExport(args.source, args.file);
  } catch (error) {
    process.stderr.write(
      `Lecture de l’export impossible : ${error instanceof Error ? error.message : String(error)}\n`,
    );
    return 1;
  }
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  // Quiet when the output is not a terminal (a log file, a pipe).
  const bar = process.stdout.isTTY
    ? new SingleBar({
        format: 'Messages [{bar}] {percentage} % | {value}/{total} | reste {eta_formatted}',
        hideCursor: true,
      })
    : null;
  try {
    await runMigrations(database);
    process.stdout.write(
      `Export ${args.source === 'slack' ? 'Slack' : 'Mattermost'} lu : ${data.users.length} personne(s), ${data.channels.length} conversation(s), ${data.messages.length} message(s).\n`,
    );
    bar?.start(data.messages.length, 0);
    const report = await writeImport(data, {
      db: database.db,
      config,
      storage: createFileStorage(config),
      onProgress: (done) => bar?.update(done),
    });
    bar?.stop();
    process.stdout.write(
      `${describeReport(report, (performance.now() - started) / 1000).join('\n')}\n`,
    );
    return 0;
  } catch (error) {
    bar?.stop();
    if (error instanceof ImportRefused) {
      process.stderr.write(`${error.message}\n`);
      return 1;
    }
    process.stderr.write(
      `L’import s’est arrêté : ${error instanceof Error ? error.message : String(error)}\nCe qui est importé le reste : relancez la même commande pour finir.\n`,
    );
    return 1;
  } finally {
    await data.close();
    await database.close();
  }
}
