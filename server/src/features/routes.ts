import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import { registerAdminRoutes } from './admin/routes';
import { registerAdminChannelRoutes } from './admin-channels/routes';
import { registerAuditRoutes } from './audit/routes';
import { registerBoardRoutes } from './boards/routes';
import { registerCalendarRoutes } from './calendar/routes';
import { registerCallRoutes } from './calls/routes';
import { registerChannelRoutes } from './channels/routes';
import { registerDigestRoutes } from './digest/routes';
import { registerDisconnectRoutes } from './disconnect/routes';
import { registerEmojiRoutes } from './emoji/routes';
import { registerFileRoutes } from './files/routes';
import { registerFriendRoutes } from './friends/routes';
import { registerInviteRoutes } from './invites/routes';
import { registerLinkPreviewRoutes } from './link-previews/routes';
import { registerMessageRoutes } from './messages/routes';
import { registerMyDayRoutes } from './my-day/routes';
import { registerNotificationRoutes } from './notifications/routes';
import { registerPinRoutes } from './pins/routes';
import { registerPrivacyRoutes } from './privacy/routes';
import { registerReminderRoutes } from './reminders/routes';
import { registerSearchRoutes } from './search/routes';
import { registerSfuRoutes } from './sfu/routes';
import { registerTypingRoutes } from './typing/routes';
import { registerUserGroupRoutes } from './user-groups/routes';
import { registerUserRoutes } from './users/routes';
import { registerVideoRoomRoutes } from './video-rooms/routes';
import { registerVoiceRoutes } from './voice/routes';

/**
 * Every feature registers itself here, in one place (docs/architecture.md: one folder per feature);
 * each one's register function mounts its routes, its realtime frames, topic kinds and
 * presence visibility rules, and its domain-event subscriptions.
 */
export function registerFeatureRoutes(app: FastifyInstance, ctx: AppContext): void {
  registerAuditRoutes(app, ctx);
  registerAdminRoutes(app, ctx);
  registerUserRoutes(app, ctx);
  registerUserGroupRoutes(app, ctx);
  registerChannelRoutes(app, ctx);
  registerAdminChannelRoutes(app, ctx);
  registerMessageRoutes(app, ctx);
  registerTypingRoutes(app, ctx);
  registerInviteRoutes(app, ctx);
  registerFriendRoutes(app, ctx);
  registerSearchRoutes(app, ctx);
  registerFileRoutes(app, ctx);
  registerEmojiRoutes(app, ctx);
  registerNotificationRoutes(app, ctx);
  registerDisconnectRoutes(app, ctx);
  registerSfuRoutes(app, ctx);
  registerVideoRoomRoutes(app, ctx);
  registerVoiceRoutes(app, ctx);
  registerCallRoutes(app, ctx);
  registerCalendarRoutes(app, ctx);
  registerBoardRoutes(app, ctx);
  registerReminderRoutes(app, ctx);
  registerPinRoutes(app, ctx);
  registerLinkPreviewRoutes(app, ctx);
  registerPrivacyRoutes(app, ctx);
  registerDigestRoutes(app, ctx);
  registerMyDayRoutes(app, ctx);
}
