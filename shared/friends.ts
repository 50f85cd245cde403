import { z } from 'zod';
import type { User } from './users';

/** docs/friends.md: the note sent with a request (docs/product.md §5 sets no length). */
export const FRIEND_REQUEST_MESSAGE_MAX = 500;

/** docs/friends.md: requests one user may send per minute (anyone may ask anyone: no spam). */
export const FRIEND_REQUESTS_PER_MINUTE = 30;

export const FRIEND_REQUEST_NOT_FOUND = 'Demande d’ami introuvable';
export const FRIEND_NOT_FOUND = 'Ami introuvable';
export const FRIEND_USER_NOT_FOUND = 'Utilisateur introuvable';
export const FRIEND_REQUEST_SELF = 'Vous ne pouvez pas vous envoyer une demande d’ami';
export const FRIEND_ALREADY = 'Vous êtes déjà amis';
export const FRIEND_REQUEST_PENDING = 'Une demande est déjà en attente pour cette personne';
export const FRIEND_REQUEST_SETTLED = 'Cette demande a déjà reçu une réponse';
export const FRIEND_REQUEST_RECIPIENT_ONLY =
  'Seule la personne invitée peut répondre à cette demande';
export const FRIEND_REQUEST_SENDER_ONLY = 'Seul l’expéditeur peut annuler cette demande';

/** Stored states (docs/friends.md): a cancelled request is deleted, not kept. */
export type FriendRequestStatus = 'pending' | 'accepted' | 'declined';

/** docs/product.md §3 friend_requests, with fromUser and toUser. */
export interface FriendRequest {
  id: string;
  fromUserId: string;
  toUserId: string;
  status: FriendRequestStatus;
  message: string | null;
  createdAt: string;
  updatedAt: string;
  fromUser: User;
  toUser: User;
}

/** An item of GET /api/friends: the other person of a friendship (DELETE /api/friends/{user.id}). */
export interface Friend {
  friendshipId: string;
  /** When the friendship began. */
  since: string;
  user: User;
}

/** POST /api/friend-requests. A blank message is no message. */
export const FriendRequestCreateSchema = z
  .object({
    toUserId: z.uuid({ error: 'Choisissez la personne à qui envoyer la demande' }),
    message: z
      .string({ error: 'Le message doit être un texte' })
      .trim()
      .max(
        FRIEND_REQUEST_MESSAGE_MAX,
        `Le message fait au plus ${FRIEND_REQUEST_MESSAGE_MAX} caractères`,
      )
      .nullish()
      .transform((message) => message || null),
  })
  .strict();
export type FriendRequestCreateInput = z.input<typeof FriendRequestCreateSchema>;
