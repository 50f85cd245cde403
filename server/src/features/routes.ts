import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';

/** Every feature's routes, registered in one place (DESIGN §3: one folder per feature). */
export function registerFeatureRoutes(_app: FastifyInstance, _ctx: AppContext): void {}
