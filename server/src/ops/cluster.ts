/**
 * What every node of a cluster must share (docs/operations.md, "One node or two"). A node is
 * part of a cluster when REDIS_URL is set; it then refuses to start (main.ts) when what it
 * would otherwise keep for itself — the embedded store, files on its own disk, a secret it
 * generates into its own DATA_DIR — would differ from the other nodes'. Each problem is one
 * line, `VARIABLE: what is wrong and what to do`, like loadConfig's own errors.
 */

/** A variable counts as given when it holds something besides spaces. */
const given = (env: NodeJS.ProcessEnv, name: string) => Boolean(env[name]?.trim());

/**
 * One line per problem; none when the cluster is sound or the node is alone (no REDIS_URL:
 * then only FILES_DIR_SHARED's value is checked).
 */
export function clusterProblems(env: NodeJS.ProcessEnv): string[] {
  const problems: string[] = [];
  if (env.FILES_DIR_SHARED !== undefined && !['true', 'false'].includes(env.FILES_DIR_SHARED)) {
    problems.push('FILES_DIR_SHARED: true ou false');
  }
  if (!given(env, 'REDIS_URL')) return problems;
  if (!given(env, 'DATABASE_URL')) {
    problems.push(
      'DATABASE_URL: requis avec REDIS_URL (sans lui, chaque nœud a son propre stockage intégré et ne voit pas les données des autres)',
    );
  }
  if (!given(env, 'S3_ENDPOINT') && env.FILES_DIR_SHARED !== 'true') {
    problems.push(
      'S3_ENDPOINT: requis avec REDIS_URL (un fichier reçu par un nœud resterait sur son disque, absent des autres) ; ou FILES_DIR_SHARED=true si DATA_DIR/files est un disque partagé par tous les nœuds',
    );
  }
  if (!given(env, 'SESSION_SECRET')) {
    problems.push(
      'SESSION_SECRET: requis avec REDIS_URL, le même sur chaque nœud (sinon chacun génère le sien et refuse les sessions ouvertes par les autres ; npm run admin -- gen-env)',
    );
  }
  if (!given(env, 'CALENDAR_TOKEN_KEY')) {
    problems.push(
      'CALENDAR_TOKEN_KEY: requis avec REDIS_URL, la même sur chaque nœud (sinon chacun génère la sienne et ne peut lire les jetons d’agenda chiffrés par les autres ; npm run admin -- gen-env)',
    );
  }
  if (!given(env, 'VAPID_PUBLIC_KEY') || !given(env, 'VAPID_PRIVATE_KEY')) {
    problems.push(
      'VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY: requises avec REDIS_URL, les mêmes sur chaque nœud (sinon chacun génère sa paire et les notifications push ne partent que du nœud où l’appareil s’est abonné ; npm run admin -- gen-env)',
    );
  }
  return problems;
}

/** main.ts: throws like loadConfig when the node cannot be part of its cluster. */
export function assertClusterConfig(env: NodeJS.ProcessEnv): void {
  const problems = clusterProblems(env);
  if (problems.length > 0) throw new Error(`Invalid configuration:\n${problems.join('\n')}`);
}
