import { z } from 'zod';
import { INVITE_CODE_LENGTH } from './limits';

export { INVITE_CODE_LENGTH };

/** docs/product.md §10.5: no look-alikes (0/O, 1/I/L), so a code read aloud or retyped still works. */
export const INVITE_CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export const INVITE_DEFAULT_TTL_DAYS = 7;
/** An invite without a stated limit admits this many people (docs/security.md, finding 5). */
export const INVITE_DEFAULT_MAX_USES = 100;
export const INVITE_MAX_USES_LIMIT = 10_000;
export const INVITE_REMOVED =
  'Vous avez été retiré de ce canal : demandez une nouvelle invitation à son propriétaire';
/** Look-ups of a code per user per minute: enough for a person, too few to guess codes. */
export const INVITE_LOOKUP_PER_MINUTE = 30;
export const INVITE_INVALID = 'Ce code d’invitation n’est pas valide ou a expiré';

/** An item of GET /api/channels/{id}/invites (docs/product.md §7: inviteCode, isActive, usesCount). */
export interface ChannelInvite {
  id: string;
  channelId: string;
  inviteCode: string;
  createdById: string | null;
  expiresAt: string | null;
  maxUses: number | null;
  usesCount: number;
  isActive: boolean;
  createdAt: string;
}

/** GET /api/channel-invites/{code}: docs/product.md §3 invite preview, plus the channel to open. */
export interface InvitePreview {
  channelId: string;
  channelName: string;
  /** The inviter's display name (docs/product.md §3 fallback), null when unknown. */
  invitedBy: string | null;
  isAlreadyMember: boolean;
}

/**
 * POST /api/channels/{id}/invites. The UI sends an empty body (default: expires in
 * INVITE_DEFAULT_TTL_DAYS days, INVITE_DEFAULT_MAX_USES uses). Either field replaces the
 * active invite, which only the channel's managers may do; `expiresAt: null` (never) and
 * `maxUses: null` (no limit) too.
 */
export const InviteCreateSchema = z
  .object({
    expiresAt: z.iso
      .datetime({ offset: true, error: 'La date d’expiration doit être une date ISO 8601' })
      .refine((value) => Date.parse(value) > Date.now(), 'La date d’expiration est déjà passée')
      .nullish(),
    maxUses: z
      .number({ error: 'Le nombre maximal d’utilisations doit être un nombre' })
      .int('Le nombre maximal d’utilisations doit être un entier')
      .min(1, 'Le nombre maximal d’utilisations doit être au moins 1')
      .max(INVITE_MAX_USES_LIMIT, `Au plus ${INVITE_MAX_USES_LIMIT} utilisations`)
      .nullish(),
  })
  .strict();
export type InviteCreateInput = z.infer<typeof InviteCreateSchema>;

/** What the join-with-code field accepts before the server looks it up (docs/product.md §9: ABC12345). */
export const InviteCodeSchema = z
  .string()
  .trim()
  .toUpperCase()
  .min(1, 'Le code d’invitation est requis')
  .max(32, INVITE_INVALID);
