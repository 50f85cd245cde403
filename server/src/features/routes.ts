import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import { registerChannelRoutes } from './channels/routes';
import { registerInviteRoutes } from './invites/routes';
import { registerMessageRoutes } from './messages/routes';
import { registerTypingRoutes } from './typing/routes';
import { registerUserRoutes } from './users/routes';

/** Every feature's routes, registered in one place (DESIGN §3: one folder per feature). */
export function registerFeatureRoutes(app: FastifyInstance, ctx: AppContext): void {
  registerUserRoutes(app, ctx);
  registerChannelRoutes(app, ctx);
  registerMessageRoutes(app, ctx);
  registerTypingRoutes(app, ctx);
  registerInviteRoutes(app, ctx);
}
