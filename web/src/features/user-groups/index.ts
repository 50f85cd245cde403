/**
 * User groups (docs/product.md, "Groupes d’utilisateurs"): the groups and mention rules kept
 * live, the chips of @channel, @here, @everyone and @groupe in messages, and the settings card.
 * The public face of this feature (docs/architecture.md, "Web"): other features and app/
 * import it only through this file.
 */
export { remarkWideMentions } from './remark-wide-mentions';
export { UserGroupsCard } from './user-groups-card';
export { UserGroupsProvider, useUserGroups } from './user-groups-context';
