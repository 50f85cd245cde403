// npm run admin -- <command>: what a self-hosting administrator does from the shell.
// With the embedded store, stop the server first (one process owns DATA_DIR).
import { randomBytes } from 'node:crypto';
import { hashPassword } from './auth/passwords';
import { destroyUserSessions } from './auth/sessions';
import { findUserByEmail, setAdmin, setPasswordHash } from './auth/users';
import { BACKUP_USAGE, parseBackupArgs, runBackupCommand } from './backup/cli';
import { loadConfig } from './config';
import { openDatabase } from './db/client';
import { runMigrations } from './db/migrate';
import { IMPORT_USAGE, parseImportArgs, runImportCommand } from './import/cli';
import { runDoctor } from './ops/doctor';
import { generateEnv } from './ops/gen-env';

const USAGE = `Usage :
  npm run admin -- migrate                   applique les migrations (npm run db:migrate)
  npm run admin -- reset-password <e-mail>   nouveau mot de passe (affiché), sessions fermées
  npm run admin -- make-admin <e-mail>       fait de ce compte un administrateur
  npm run admin -- doctor                    vérifie la configuration et ce dont le nœud dépend
  npm run admin -- gen-env [https://…]       un .env neuf pour compose.yaml (secrets partagés)
${BACKUP_USAGE}${IMPORT_USAGE}`;

const out = (text: string) => process.stdout.write(`${text}\n`);

async function main(args: string[]): Promise<number> {
  const [command, email] = args;
  if (command === 'doctor') {
    // Exit at once: a store or a Janus that never answered may still hold a socket open.
    process.exit(await runDoctor(process.env, out));
  }
  if (command === 'gen-env') {
    try {
      process.stdout.write(generateEnv(email));
      return 0;
    } catch {
      process.stderr.write(`Adresse publique invalide : ${email} (ex. https://ruche.exemple.fr)\n`);
      return 2;
    }
  }
  if (command === 'backup' || command === 'restore') {
    const parsed = parseBackupArgs(args.slice(1));
    if (!parsed) {
      process.stderr.write(USAGE);
      return 2;
    }
    return runBackupCommand(command, parsed, loadConfig());
  }
  if (command === 'import') {
    const parsed = parseImportArgs(args.slice(1));
    if (!parsed) {
      process.stderr.write(USAGE);
      return 2;
    }
    return runImportCommand(parsed, loadConfig());
  }
  const known =
    command === 'migrate' || (email && ['reset-password', 'make-admin'].includes(command ?? ''));
  if (!command || !known) {
    process.stderr.write(USAGE);
    return 2;
  }
  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    await runMigrations(database);
    if (command === 'migrate' || !email) {
      out(
        `Migrations appliquées (${database.kind === 'embedded' ? config.dataDir : 'PostgreSQL'}).`,
      );
      return 0;
    }
    const user = await findUserByEmail(database.db, email.trim().toLowerCase());
    if (!user) {
      process.stderr.write(`Aucun compte n'utilise l'adresse ${email}\n`);
      return 1;
    }
    if (command === 'make-admin') {
      await setAdmin(database.db, user.id, true);
      out(`${email} administre maintenant l'espace de travail.`);
      return 0;
    }
    // 18 random bytes: 144 bits, far past any strength rule; the person changes it after.
    const password = randomBytes(18).toString('base64url');
    await setPasswordHash(
      database.db,
      user.id,
      await hashPassword(password, config.passwordHashCost),
    );
    const ended = await destroyUserSessions(database.db, user.id);
    out(`Nouveau mot de passe de ${email} : ${password}`);
    out(`${ended.length} session(s) fermée(s). À changer dès la connexion (Réglages → Sécurité).`);
    return 0;
  } finally {
    await database.close();
  }
}

process.exitCode = await main(process.argv.slice(2));
