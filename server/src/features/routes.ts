import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import { registerBoardRoutes } from './boards/routes';
import { registerChannelRoutes } from './channels/routes';
import { registerInviteRoutes } from './invites/routes';
import { registerMessageRoutes } from './messages/routes';
import { registerTypingRoutes } from './typing/routes';
import { registerUserRoutes } from './users/routes';

/**
 * Every feature registers itself here, in one place (docs/architecture.md: one folder per feature);
 * each one's register function mounts its routes, its realtime frames, topic kinds and
 * presence audiences, and its domain-event subscriptions.
 */
export function registerFeatureRoutes(app: FastifyInstance, ctx: AppContext): void {
  registerUserRoutes(app, ctx);
  registerChannelRoutes(app, ctx);
  registerMessageRoutes(app, ctx);
  registerTypingRoutes(app, ctx);
  registerInviteRoutes(app, ctx);
  registerBoardRoutes(app, ctx);
}
