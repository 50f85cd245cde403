import type { FastifyInstance } from 'fastify';
import type { AdminHealthCheck, AdminInstance, HealthState } from '#shared/admin';
import { requireAdmin } from '../auth/guard';
import { effectiveSignup } from '../auth/signup-policy';
import type { Config } from '../config';
import type { Database } from '../db/client';
import { instanceName } from '../features/admin/instance';
import { checkFiles, checkJanus, checkRedis, checkSmtp, checkStore, type Finding } from './doctor';

const stateOf = (finding: Finding): HealthState =>
  finding.verdict === 'ok' || finding.verdict === 'warn'
    ? 'ok'
    : finding.verdict === 'skip'
      ? 'not_configured'
      : 'failed';

const asCheck = (name: AdminHealthCheck['name'], finding: Finding): AdminHealthCheck => ({
  name,
  state: stateOf(finding),
  detail: finding.detail,
});

/**
 * The health of what this node depends on, as `npm run admin -- doctor` checks it
 * (ops/doctor.ts): the store, Redis, the files' S3 bucket, Janus and SMTP, each within 5 s.
 */
export async function adminHealth(config: Config, database: Database): Promise<AdminHealthCheck[]> {
  const [store, redis, s3, janus, smtp] = await Promise.all([
    checkStore(database),
    config.redisUrl
      ? checkRedis(config.redisUrl)
      : Promise.resolve<Finding>({
          verdict: 'skip',
          name: 'Redis',
          detail: 'non configuré (un seul nœud)',
        }),
    config.files.s3
      ? checkFiles(config, process.env)
      : Promise.resolve<Finding>({
          verdict: 'skip',
          name: 'Fichiers',
          detail: 'non configuré (S3_ENDPOINT) : les fichiers sont sur le disque du nœud',
        }),
    checkJanus(config.janusUrl),
    checkSmtp(config),
  ]);
  return [
    asCheck('store', store),
    asCheck('redis', redis),
    asCheck('s3', s3),
    asCheck('janus', janus),
    asCheck('smtp', smtp),
  ];
}

/**
 * GET /api/admin/health and GET /api/admin/instance (issue 48 item 1, « Instance »): for the
 * workspace's administrators only.
 */
export function registerAdminHealth(
  app: FastifyInstance,
  deps: { config: Config; database: Database },
): void {
  app.get('/api/admin/health', async (request): Promise<AdminHealthCheck[]> => {
    requireAdmin(request);
    return adminHealth(deps.config, deps.database);
  });

  app.get('/api/admin/instance', async (request): Promise<AdminInstance> => {
    requireAdmin(request);
    const { config } = deps;
    const signup = await effectiveSignup(deps.database.db, config);
    const name = await instanceName(deps.database.db, config);
    return {
      name: name.name,
      nameSource: name.source,
      signup: signup.policy,
      signupDomains: signup.domains,
      signupSource: signup.source,
      mediaMode: config.janusUrl ? 'sfu' : 'mesh',
      mail: Boolean(config.smtp),
      auditRetentionDays: config.audit.retentionDays,
      checks: await adminHealth(config, deps.database),
    };
  });
}
