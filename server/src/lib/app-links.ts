import type { FastifyInstance } from 'fastify';
import { APP_LINK_PREFIXES, APP_SIGNED_IN_PATH } from '#shared/app-links';
import type { Config } from '../config';
import { notFound } from './errors';

/**
 * Android App Links and iOS Universal Links (docs/mobile.md, "Links"): the files by which the
 * phone checks that this server lets the app open its links, the sign-in's return among them
 * (auth/app-sign-in.ts; assetlinks.json covers the whole host, the app's intent filter names
 * the paths: scripts/native-links.ts). Served from config, as JSON,
 * without a redirect (both systems refuse one); 404 when the platform is not configured.
 */
export function registerAppLinks(app: FastifyInstance, config: Config): void {
  const { android, iosAppIds } = config.appLinks;

  app.get('/.well-known/assetlinks.json', async (_request, reply) => {
    if (!android) throw notFound('Aucune application Android n’est configurée');
    reply.header('Cache-Control', 'public, max-age=3600');
    return [
      {
        relation: ['delegate_permission/common.handle_all_urls'],
        target: {
          namespace: 'android_app',
          package_name: android.package,
          sha256_cert_fingerprints: android.fingerprints,
        },
      },
    ];
  });

  app.get('/.well-known/apple-app-site-association', async (_request, reply) => {
    if (iosAppIds.length === 0) throw notFound('Aucune application iOS n’est configurée');
    reply.header('Cache-Control', 'public, max-age=3600');
    return {
      applinks: {
        details: [
          {
            appIDs: iosAppIds,
            components: [
              ...APP_LINK_PREFIXES.map((prefix) => ({ '/': `${prefix}*` })),
              // The return of the app's sign-in (auth/app-sign-in.ts), on this verified link.
              { '/': APP_SIGNED_IN_PATH },
            ],
          },
        ],
      },
    };
  });
}
