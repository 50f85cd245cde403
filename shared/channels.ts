import { z } from 'zod';
import {
  CHANNEL_DESCRIPTION_MAX,
  CHANNEL_NAME_MAX,
  type ChannelType,
  CREATABLE_CHANNEL_TYPES,
  type MemberRole,
} from './limits';
import type { User } from './users';

/** An item of GET /api/channels: what the sidebar needs. */
export interface Channel {
  id: string;
  name: string;
  description: string | null;
  type: ChannelType;
  createdById: string | null;
  createdAt: string;
  updatedAt: string;
  /** Highest message sequence number in the channel (docs/product.md §10.9). */
  lastSeq: number;
  /**
   * Messages (thread replies included) from others after the caller's lastReadAt, all of
   * them when the channel was never read; capped at UNREAD_BADGE_CAP + 1 (the badge shows 99+).
   */
  unreadCount: number;
  /** When the caller last read the channel; null when never (the "Nouveaux messages" line). */
  lastReadAt: string | null;
  /** The seq the caller had read up to then (0 when never): where reading resumes. */
  lastReadSeq: number;
  /** Direct channels only: the other person. */
  directUser?: User | null;
  /**
   * When the channel was archived (read-only, listed apart), null when it is not. Always sent
   * by the server; optional for objects built before archiving existed.
   */
  archivedAt?: string | null;
  /** The caller's role in the channel (always sent by the server). */
  role?: MemberRole;
  /**
   * Whether it is the workspace's default channel (DEFAULT_CHANNEL), where @everyone notifies.
   * Sent by GET /api/channels and GET /api/channels/{id}; absent from events.
   */
  isDefault?: boolean;
}

export interface ChannelMember {
  id: string;
  channelId: string;
  userId: string;
  role: MemberRole;
  lastReadAt: string | null;
  joinedAt: string;
  user: User;
}

/** GET /api/channels/{id}: the channel with its members (docs/product.md §3 view). */
export interface ChannelWithMembers extends Channel {
  members: ChannelMember[];
}

/** An item of GET /api/channels/browse: a public channel the caller may join. */
export interface PublicChannel {
  id: string;
  name: string;
  description: string | null;
  /** Public channels and voice channels: anyone in the workspace finds and joins them. */
  type: 'channel' | 'voice';
  createdAt: string;
  memberCount: number;
}

/** POST /api/channels/{id}/read: when the caller last read the channel, and up to which seq. */
export interface ChannelRead {
  channelId: string;
  lastReadAt: string;
  lastReadSeq: number;
}

export const CHANNEL_NAME_REQUIRED = 'Le nom du canal est requis';

/** docs/product.md §5: create channel. */
export const ChannelCreateSchema = z.object({
  name: z
    .string({ error: CHANNEL_NAME_REQUIRED })
    .trim()
    .min(1, CHANNEL_NAME_REQUIRED)
    .max(CHANNEL_NAME_MAX, `Le nom du canal ne peut pas dépasser ${CHANNEL_NAME_MAX} caractères`),
  description: z
    .string({ error: 'La description doit être un texte' })
    .trim()
    .max(
      CHANNEL_DESCRIPTION_MAX,
      `La description ne peut pas dépasser ${CHANNEL_DESCRIPTION_MAX} caractères`,
    )
    .nullish(),
  type: z
    .enum(CREATABLE_CHANNEL_TYPES, {
      error: 'Le type doit être « channel », « group » ou « voice »',
    })
    .default('channel'),
});
export type ChannelCreateInput = z.infer<typeof ChannelCreateSchema>;

const RecipientId = z.uuid({ error: 'L’identifiant du destinataire n’est pas valide' });

/**
 * POST /api/channels/direct: docs/product.md §7 sends `recipientId` in one flow and `userId` in another;
 * both are accepted and become `recipientId`.
 */
export const DirectChannelSchema = z
  .object({ recipientId: RecipientId.optional(), userId: RecipientId.optional() })
  .transform((body, ctx) => {
    const recipientId = body.recipientId ?? body.userId;
    if (!recipientId) {
      ctx.addIssue({
        code: 'custom',
        path: ['recipientId'],
        message: 'Choisissez la personne avec qui démarrer la conversation',
      });
      return z.NEVER;
    }
    return { recipientId };
  });
export type DirectChannelInput = z.infer<typeof DirectChannelSchema>;

/** GET /api/channels/browse?q= */
export const ChannelBrowseQuerySchema = z.object({
  q: z.string().trim().max(CHANNEL_NAME_MAX, 'Recherche trop longue').optional(),
});

/** What every member refuses to write in an archived channel (409). */
export const CHANNEL_ARCHIVED = 'Ce canal est archivé';

/** PATCH /api/channels/{id}: the channel's settings, for its owner and administrators. */
export const ChannelUpdateSchema = z
  .object({
    name: ChannelCreateSchema.shape.name.optional(),
    description: ChannelCreateSchema.shape.description,
  })
  .refine((body) => body.name !== undefined || body.description !== undefined, {
    message: 'Rien à modifier',
  });
export type ChannelUpdateInput = z.infer<typeof ChannelUpdateSchema>;

/** A channel's settings as its managers change them (the answer of settings and archiving). */
export interface ChannelSettings {
  id: string;
  name: string;
  description: string | null;
  type: ChannelType;
  archivedAt: string | null;
}

/** PUT /api/channels/{id}/members/{memberId}/role: the owner names or removes an administrator. */
export const MemberRoleUpdateSchema = z.object({
  role: z.enum(['admin', 'member'], { error: 'Le rôle doit être « admin » ou « member »' }),
});

/** POST /api/channels/{id}/owner and POST /api/admin/channels/{id}/transfer. */
export const OwnerTransferSchema = z.object({
  userId: z.uuid({ error: 'Choisissez le membre qui deviendra propriétaire' }),
});

/** An item of GET /api/admin/channels: what the console shows, never a channel's content. */
export interface AdminChannel {
  id: string;
  name: string;
  type: Exclude<ChannelType, 'direct'>;
  memberCount: number;
  /** The last message's time, null when nothing was ever said. */
  lastActivityAt: string | null;
  archivedAt: string | null;
  createdAt: string;
  owner: User | null;
  /** The workspace's default channel: neither deleted nor archived. */
  isDefault: boolean;
}

export interface AdminChannelPage {
  channels: AdminChannel[];
  /** Pass as `cursor` for the next page; null on the last one. */
  nextCursor: string | null;
}

/** GET /api/admin/channels?q=&cursor= */
export const AdminChannelQuerySchema = z.object({
  q: z.string().trim().max(CHANNEL_NAME_MAX, 'Recherche trop longue').optional(),
  cursor: z.string().max(400, 'Curseur invalide').optional(),
});
