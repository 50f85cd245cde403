import type { IceServersResponse } from '#shared/calls';
import { apiGet } from '@/lib/api';

/** GET /api/calls/ice-servers: fetched for each call (TURN credentials are short-lived). */
export const getIceServers = (): Promise<IceServersResponse> =>
  apiGet<IceServersResponse>('/api/calls/ice-servers');
