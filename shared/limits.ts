// docs/product.md §9: business constants and limits, used by schemas, the DB model and the UI alike.
export const CHANNEL_NAME_MAX = 100;
export const CHANNEL_DESCRIPTION_MAX = 500;
export const CHANNEL_TYPE_MAX = 20;
export const DISPLAY_NAME_MAX = 100;
export const STATUS_MAX = 50;
export const STATUS_MESSAGE_MAX = 200;
export const TASK_TITLE_MAX = 200;
export const BOARD_NAME_MAX = 100;
export const LIST_NAME_MAX = 100;
export const REACTION_EMOJI_MAX = 10;
export const NOTIFICATION_TYPE_MAX = 50;
export const NOTIFICATION_TITLE_MAX = 200;
/** The longest message excerpt a notification keeps. */
export const NOTIFICATION_EXCERPT_MAX = 200;
export const FILE_ORIGINAL_NAME_MAX = 255;
export const FILE_MIME_MAX = 100;
export const FILES_PER_SELECTION = 5;
export const FILE_SIZE_LIMIT = 10 * 1024 * 1024;
export const EVENT_TITLE_MAX = 200;
export const EVENT_LOCATION_MAX = 200;
export const ROOM_CODE_MAX = 50;
export const ROOM_NAME_MAX = 200;
export const ROOM_PARTICIPANTS_MIN = 2;
export const ROOM_PARTICIPANTS_MAX = 50;
export const ROOM_PARTICIPANTS_DEFAULT = 10;
export const GUEST_NAME_MAX = 100;
export const INVITE_CODE_MAX = 50;
export const INVITE_CODE_LENGTH = 8;
export const SEARCH_MIN_LENGTH = 3;
export const MESSAGE_CONTENT_MAX = 10_000;
export const MESSAGE_PAGE_SIZE = 50;
export const EMAIL_MAX = 254;
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 200;

export const SIDEBAR_WIDTH_PX = 280;
export const USER_LIST_HEIGHT_PX = 300;
export const NOTIFICATION_LIST_HEIGHT_PX = 400;
export const COMPOSER_MAX_HEIGHT_PX = 150;
export const SKELETON_ROWS = 5;
export const UNREAD_BADGE_CAP = 99;

export const UNAUTHORIZED_REDIRECT_MS = 500;
export const JOIN_BY_CODE_REDIRECT_MS = 500;
export const INVITE_PAGE_REDIRECT_MS = 1000;
export const TYPING_STOP_MS = 2000;
export const TYPING_POLL_MS = 2000;
export const VOICE_POLL_MS = 3000;
export const SOCKET_RECONNECT_MS = 3000;
/**
 * On a 503 (overload, docs/scaling.md), this header says nothing of the request was done, so
 * that a client may send it again whatever its method.
 */
export const NOT_PROCESSED_HEADER = 'Ruche-Not-Processed';
/** How many times the web client re-sends a request the server refused as overloaded. */
export const OVERLOAD_RETRIES = 4;
export const QUEUE_FLUSH_RETRY_MS = 100;
export const LINK_COPIED_RESET_MS = 2000;

export const TOAST_LIMIT = 1;
export const TOAST_DURATION_MS = 5000;
export const TOAST_REMOVE_DELAY_MS = 1_000_000;
export const TOAST_SWIPE_THRESHOLD_PX = 50;
export const TOOLTIP_DELAY_MS = 700;
export const TOOLTIP_SKIP_DELAY_MS = 300;
export const SCROLLBAR_HIDE_DELAY_MS = 600;

export const QUICK_REACTIONS = ['👍', '❤️', '😂', '🎉', '🚀', '👀', '🔥', '✅'] as const;

export const USER_STATUSES = ['online', 'away', 'offline'] as const;
/** The most people one socket may watch the presence of (presence_watch, docs/realtime.md). */
export const PRESENCE_WATCH_MAX = 1000;
export type UserStatus = (typeof USER_STATUSES)[number];
export const CHANNEL_TYPES = ['channel', 'group', 'voice', 'direct'] as const;
export type ChannelType = (typeof CHANNEL_TYPES)[number];
export const CREATABLE_CHANNEL_TYPES = ['channel', 'group', 'voice'] as const;
export const MEMBER_ROLES = ['owner', 'admin', 'member'] as const;
export type MemberRole = (typeof MEMBER_ROLES)[number];
export const CALENDAR_PROVIDERS = ['google', 'outlook'] as const;
export const SYNC_DIRECTIONS = ['import', 'export', 'bidirectional'] as const;

// Kept here rather than beside their schemas: the web's first load reads them, and a module
// that builds zod schemas would bring zod along (web/src/app/bundle-budget.test.ts).
/** docs/product.md §5: what is sent when a message has attachments and no text. */
export const ATTACHMENT_PLACEHOLDER = '(attachment)';
export const MESSAGE_ATTACHMENTS_MAX = 10;
/** Handles that mean something else after "@". */
export const RESERVED_MENTIONS = ['channel', 'here', 'everyone'] as const;
/** Above this many members, the composer asks before a channel-wide mention. */
export const BROADCAST_CONFIRM_ABOVE = 10;
/** A member's notification level for one channel (docs/notifications.md). */
export const CHANNEL_NOTIFICATION_LEVELS = ['all', 'mentions', 'nothing'] as const;
/** How often a visible tab says so again (`tab_visibility`, shared/protocol/notifications.ts). */
export const TAB_VISIBLE_REFRESH_MS = 20_000;
/** The file picker's hint (`RASTER_IMAGE_TYPES` and the documents, shared/files.ts): the server decides. */
export const FILE_ACCEPT =
  'image/jpeg,image/png,image/gif,image/webp,image/avif,.pdf,.doc,.docx,.txt,application/pdf,text/plain';
