import { z } from 'zod';
import { CUSTOM_EMOJI_CODE_RE } from './emoji';
import {
  ATTACHMENT_PLACEHOLDER,
  MESSAGE_ATTACHMENTS_MAX,
  MESSAGE_CONTENT_MAX,
  MESSAGE_PAGE_SIZE,
  REACTION_EMOJI_MAX,
} from './limits';
import type { LinkPreview } from './link-previews';
import type { User } from './users';

export interface Attachment {
  id: string;
  name: string;
  url: string;
  size: number;
  mimeType: string;
}

/** Reactions grouped by emoji, with who reacted (docs/product.md §2: grouped reaction counts). */
export interface ReactionGroup {
  emoji: string;
  count: number;
  userIds: string[];
}

/** The wire shape of a message, in REST responses and realtime events alike. */
export interface Message {
  id: string;
  channelId: string;
  userId: string;
  content: string;
  attachments: Attachment[];
  /** Ids of the channel members mentioned (@name in the text, or sent by the composer). */
  mentions: string[];
  parentMessageId: string | null;
  edited: boolean;
  /**
   * Strictly increasing per channel, assigned by the server (docs/product.md §10.9). Gaps are allowed
   * (a deleted message, or a retry racing its original), so compare, never count.
   */
  seq: number;
  /** The sender's idempotency key. */
  clientId: string | null;
  createdAt: string;
  updatedAt: string;
  user: User;
  reactions: ReactionGroup[];
  /** Thread replies to this message, and when the last one came. */
  replyCount: number;
  lastReplyAt: string | null;
  /**
   * The previews of its links (docs/product.md, « Aperçus de liens »), fetched by the server
   * after the send: empty at first, then sent again in a message_updated once they arrive.
   * Absent only in a message the web app made itself (a pending send).
   */
  previews?: LinkPreview[];
  /** Sent as urgent (docs/product.md, « Droit à la déconnexion »); absent otherwise. */
  urgent?: true;
}

/**
 * One page of GET /api/channels/{id}/messages. `messages` are always in reading order,
 * oldest → newest (ascending seq), whatever the mode:
 * - no cursor: the newest MESSAGE_PAGE_SIZE top-level messages;
 * - `before=<seq>`: the MESSAGE_PAGE_SIZE top-level messages just older than seq;
 * - `around=<messageId>`: a page of top-level messages centred on that message (a reply is
 *   centred on its parent), for permalinks;
 * - `after=<seq>`: reconnect catch-up, EVERY message with a greater seq, thread replies
 *   included (up to MESSAGE_CATCH_UP_MAX), so that a client converges with no gap;
 * - `from=<seq>`: where reading resumes, the `around` page of the first top-level message
 *   after seq (the caller's lastReadSeq); the newest page when there is none.
 */
export interface MessagePage {
  messages: Message[];
  /** Pass as `before` to get the next older page; null when the start was reached (and in after mode). */
  nextCursor: string | null;
  /** Pass as `after` to get what follows this page; null when it ends with the newest. */
  newerCursor: string | null;
}

/** GET /api/messages/{id}/thread: the parent and its replies, oldest first. */
export interface MessageThread {
  parent: Message;
  replies: Message[];
}

/** One followed thread in GET /api/threads (the "Fils de discussion" view). */
export interface ThreadSummaryItem {
  parent: Message;
  /** The newest replies (up to THREAD_LATEST_REPLIES), oldest first. */
  latestReplies: Message[];
  /** Replies by others after the last one the user read. */
  unreadCount: number;
  lastReplyAt: string;
}

/** GET /api/threads: followed threads, newest activity first. */
export interface ThreadListPage {
  threads: ThreadSummaryItem[];
  /** Pass as `cursor` for the next (older) page; null at the end. */
  nextCursor: string | null;
}

export const THREAD_PAGE_SIZE = 20;
export const THREAD_LATEST_REPLIES = 2;

const THREAD_CURSOR_INVALID = 'Le curseur de pagination des fils n’est pas valide';

/** GET /api/threads query: `cursor` from the previous page's nextCursor. */
export const ThreadListQuerySchema = z.object({
  cursor: z
    .string({ error: THREAD_CURSOR_INVALID })
    .regex(/^\d{4}-\d\d-\d\dT[\d:.]+Z_[0-9a-f-]{36}$/, THREAD_CURSOR_INVALID)
    .optional(),
});
export type ThreadListQuery = z.infer<typeof ThreadListQuerySchema>;

/** POST /api/threads/{id}/read: read up to this reply seq (the newest shown). */
export const ThreadReadSchema = z.object({
  seq: z
    .number({ error: 'Le numéro du dernier message lu doit être un nombre' })
    .int('Le numéro du dernier message lu doit être un entier')
    .nonnegative('Le numéro du dernier message lu doit être positif'),
});
export type ThreadReadInput = z.infer<typeof ThreadReadSchema>;

/** GET /api/threads/unread: how many followed threads have unread replies (the sidebar badge). */
export interface ThreadUnreadCount {
  count: number;
}

/** POST /api/messages/{id}/reactions: the message's reactions after the toggle. */
export interface ReactionToggleResult {
  channelId: string;
  messageId: string;
  reactions: ReactionGroup[];
}

/** GET /api/channels/{id}/typing items (docs/product.md §7: firstName, email). */
export interface TypingUser {
  userId: string;
  firstName: string | null;
  lastName: string | null;
  displayName: string | null;
  email: string | null;
}

export const MESSAGE_MENTIONS_MAX = 100;
export const MESSAGE_CATCH_UP_MAX = 500;
export const MESSAGE_CLIENT_ID_MAX = 64;
/** A typing flag older than this is stale (the client repeats it while typing). */
export const TYPING_TTL_MS = 5000;
/** The server honours a user's "typing" in a channel at most this often. */
export const TYPING_REPEAT_MS = 2000;
export { MESSAGE_PAGE_SIZE };

const MESSAGE_EMPTY = 'Le message est vide : écrivez un texte ou joignez un fichier';
const MESSAGE_TOO_LONG = `Le message ne peut pas dépasser ${MESSAGE_CONTENT_MAX} caractères`;

// Attachment links are rendered as links: only our own paths or http(s) addresses.
const AttachmentUrl = z
  .string({ error: 'L’adresse de la pièce jointe est requise' })
  .max(2048, 'L’adresse de la pièce jointe est trop longue')
  .refine(
    (url) => (url.startsWith('/') && !url.startsWith('//')) || /^https?:\/\//i.test(url),
    'L’adresse de la pièce jointe doit commencer par / ou http(s)://',
  );

export const AttachmentSchema = z.object({
  id: z.string({ error: 'L’identifiant de la pièce jointe est requis' }).min(1).max(100),
  name: z.string({ error: 'Le nom de la pièce jointe est requis' }).min(1).max(255),
  url: AttachmentUrl,
  size: z.number({ error: 'La taille de la pièce jointe est requise' }).int().nonnegative(),
  mimeType: z.string({ error: 'Le type de la pièce jointe est requis' }).max(100),
});

/** docs/product.md §5 message send: text trimmed; blank only with attachments, then "(attachment)". */
export const MessageCreateSchema = z
  .object({
    content: z
      .string({ error: 'Le contenu du message doit être un texte' })
      .trim()
      .max(MESSAGE_CONTENT_MAX, MESSAGE_TOO_LONG)
      .default(''),
    attachments: z
      .array(AttachmentSchema, { error: 'Les pièces jointes doivent être une liste' })
      .max(MESSAGE_ATTACHMENTS_MAX, `Au plus ${MESSAGE_ATTACHMENTS_MAX} pièces jointes`)
      .default([]),
    clientId: z
      .string({ error: 'L’identifiant client doit être un texte' })
      .min(1, 'L’identifiant client est vide')
      .max(
        MESSAGE_CLIENT_ID_MAX,
        `L’identifiant client dépasse ${MESSAGE_CLIENT_ID_MAX} caractères`,
      )
      .nullish(),
    parentMessageId: z
      .uuid({ error: 'L’identifiant du message parent n’est pas valide' })
      .nullish(),
    mentions: z
      .array(z.uuid({ error: 'Une mention doit être un identifiant d’utilisateur' }))
      .max(MESSAGE_MENTIONS_MAX, `Au plus ${MESSAGE_MENTIONS_MAX} mentions`)
      .optional(),
    /**
     * Notify its recipients now even outside their working hours, where the instance allows it
     * (docs/product.md, « Droit à la déconnexion »); 403 otherwise.
     */
    urgent: z.boolean({ error: 'urgent doit être vrai ou faux' }).optional(),
  })
  .superRefine((body, ctx) => {
    if (!body.content && body.attachments.length === 0) {
      ctx.addIssue({ code: 'custom', path: ['content'], message: MESSAGE_EMPTY });
    }
  })
  .transform((body) => ({ ...body, content: body.content || ATTACHMENT_PLACEHOLDER }));
export type MessageCreateInput = z.input<typeof MessageCreateSchema>;
export type MessageCreateData = z.output<typeof MessageCreateSchema>;

/** docs/product.md §5 edit: save is disabled when blank. */
export const MessageUpdateSchema = z.object({
  content: z
    .string({ error: 'Le contenu du message est requis' })
    .trim()
    .min(1, 'Le message ne peut pas être vide')
    .max(MESSAGE_CONTENT_MAX, MESSAGE_TOO_LONG),
});
export type MessageUpdateInput = z.infer<typeof MessageUpdateSchema>;

// An emoji, possibly composed (skin tone, ZWJ family, flag, keycap); never plain text.
// One character class repeated: a string matches it in one pass, whatever its length, so it
// cannot backtrack (an alternation of overlapping classes did, exponentially: docs/security.md).
// biome-ignore lint/suspicious/noMisleadingCharacterClass: the class lists code points on purpose
const EMOJI_RE = /^[\p{Extended_Pictographic}\p{Emoji_Component}\u200d\ufe0f\u20e3]+$/u;
// biome-ignore lint/suspicious/noMisleadingCharacterClass: one code point is enough here
const PICTOGRAPH_RE = /[\p{Extended_Pictographic}\p{Regional_Indicator}\u20e3]/u;
// The longest emoji of REACTION_EMOJI_MAX code points takes two UTF-16 units each.
const EMOJI_UNITS_MAX = REACTION_EMOJI_MAX * 2;
const EMOJI_TOO_LONG = `L’émoji ne peut pas dépasser ${REACTION_EMOJI_MAX} caractères`;

export const ReactionToggleSchema = z.object({
  emoji: z
    .string({ error: 'L’émoji est requis' })
    .trim()
    // Bounds first, and fatal: zod runs later checks even after one failed, unless it aborts.
    .min(1, { error: 'L’émoji est requis', abort: true })
    // `:nom:` names a custom emoji (docs/product.md, "Émojis personnalisés"): the server
    // checks that it exists.
    .refine((emoji) => CUSTOM_EMOJI_CODE_RE.test(emoji) || emoji.length <= EMOJI_UNITS_MAX, {
      error: EMOJI_TOO_LONG,
      abort: true,
    })
    // The column counts characters (code points), not UTF-16 units.
    .refine(
      (emoji) => CUSTOM_EMOJI_CODE_RE.test(emoji) || [...emoji].length <= REACTION_EMOJI_MAX,
      { error: EMOJI_TOO_LONG, abort: true },
    )
    .refine(
      (emoji) =>
        CUSTOM_EMOJI_CODE_RE.test(emoji) || (EMOJI_RE.test(emoji) && PICTOGRAPH_RE.test(emoji)),
      'La réaction doit être un émoji',
    ),
});
export type ReactionToggleInput = z.infer<typeof ReactionToggleSchema>;

export const TypingSchema = z.object({
  isTyping: z.boolean({ error: 'isTyping doit être vrai ou faux' }),
});
export type TypingInput = z.infer<typeof TypingSchema>;

const Seq = z.coerce
  .number({ error: 'Le curseur doit être un numéro de séquence' })
  .int('Le curseur doit être un entier')
  .nonnegative('Le curseur doit être positif');

/** GET /api/channels/{id}/messages query: at most one of before, after, around. */
export const MessageListQuerySchema = z
  .object({
    before: Seq.optional(),
    after: Seq.optional(),
    around: z.uuid({ error: 'L’identifiant du message n’est pas valide' }).optional(),
    from: Seq.optional(),
  })
  .refine(
    (q) => [q.before, q.after, q.around, q.from].filter((v) => v !== undefined).length <= 1,
    'Utilisez un seul de before, after, around ou from',
  );
export type MessageListQuery = z.infer<typeof MessageListQuerySchema>;

/** One version of a message's text (GET /api/messages/{id}/history). */
export interface MessageVersion {
  content: string;
  /** When this text was written: the message's sending, or the edit that wrote it. */
  writtenAt: string;
  /** The text the message shows now. */
  current: boolean;
}

/** GET /api/messages/{id}/history: the message's texts, the current one first, then older. */
export interface MessageHistory {
  messageId: string;
  versions: MessageVersion[];
}

/** The most versions GET /api/messages/{id}/history lists (the newest). */
export const MESSAGE_HISTORY_MAX = 100;
