import type { FastifyInstance } from 'fastify';
import {
  USER_GROUP_NOT_FOUND,
  UserGroupCreateSchema,
  type UserGroupList,
  UserGroupUpdateSchema,
} from '#shared/user-groups';
import { requireUser } from '../../auth/guard';
import type { AppContext } from '../../context';
import { parse } from '../../lib/errors';
import { idParam } from '../../lib/ids';
import { depsFor } from '../deps';
import { registerUserGroupRealtime } from './realtime';
import { createUserGroup, deleteUserGroup, listUserGroups, updateUserGroup } from './service';

type ById = { Params: { id: string } };

/**
 * User groups (docs/product.md, "Groupes d’utilisateurs"): everyone signed in sees them and
 * may mention them; administrators manage them, and with USER_GROUPS_MANAGED_BY=members also
 * anyone may create one and each group's members change it.
 */
export function registerUserGroupRoutes(app: FastifyInstance, ctx: AppContext): void {
  registerUserGroupRealtime(ctx.realtime);
  const { groupsManagedBy: managedBy, channelWide } = ctx.config.mentions;
  const groupId = (params: { id: string }) => idParam(params.id, USER_GROUP_NOT_FOUND);

  app.get('/api/user-groups', async (request): Promise<UserGroupList> => {
    requireUser(request);
    return {
      groups: await listUserGroups(ctx.db),
      managedBy,
      channelWideMentions: channelWide,
    };
  });

  app.post('/api/user-groups', async (request, reply) => {
    const user = requireUser(request);
    const input = parse(UserGroupCreateSchema, request.body);
    const group = await createUserGroup(depsFor(ctx, request), user, managedBy, input);
    return reply.status(201).send(group);
  });

  app.patch<ById>('/api/user-groups/:id', async (request) => {
    const user = requireUser(request);
    const id = groupId(request.params);
    const input = parse(UserGroupUpdateSchema, request.body);
    return updateUserGroup(depsFor(ctx, request), user, managedBy, id, input);
  });

  app.delete<ById>('/api/user-groups/:id', async (request, reply) => {
    const user = requireUser(request);
    await deleteUserGroup(depsFor(ctx, request), user, managedBy, groupId(request.params));
    return reply.status(204).send();
  });
}
