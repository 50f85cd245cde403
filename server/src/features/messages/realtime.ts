import type { Message } from '#shared/messages';
import { CLOSE_SESSION_ENDED } from '#shared/protocol';
import { type SendMessageFrame, SendMessageFrameSchema } from '#shared/protocol/messages';
import { HttpError, storeRefusal } from '../../lib/errors';
import type { Log } from '../../realtime/broker-redis';
import type { UserIdentity } from '../../realtime/identity';
import type { Realtime, Socket } from '../../realtime/realtime';

/**
 * Stores a socket's `send_message` as POST /api/channels/{id}/messages would, throwing the
 * same HttpErrors (features/messages/routes.ts gives sendMessage; tests give fakes).
 */
export type SocketSend = (input: {
  sessionId: string;
  userId: string;
  channelId: string;
  clientId: string;
  message: Record<string, unknown>;
}) => Promise<{ message: Message; created: boolean }>;

/** Where the time from a frame's arrival to its answer goes (GET /metrics), in seconds. */
export interface AckTiming {
  observe(seconds: number): void;
}

/** Sends of one socket waiting for the store; past this, a flood is refused, not queued. */
const MAX_SENDS_IN_FLIGHT = 100;
const TOO_MANY_SENDS = new HttpError(429, 'Trop de messages à la fois : réessayez');

/** One socket's sends: stored one after the other (see registerSendFrame). */
interface SendQueue {
  tail: Promise<void>;
  inFlight: number;
  /** The last refusal for now (the store busy or away), and when it was known. */
  refused?: { at: number; err: HttpError };
}

type UserSocket = Socket<UserIdentity>;

function reject(socket: UserSocket, { channelId, clientId }: SendMessageFrame, err: HttpError) {
  socket.reply({
    type: 'message_rejected',
    clientId,
    channelId,
    status: err.statusCode,
    message: err.message,
    ...(err.errors ? { errors: err.errors } : {}),
    ...(err.retryAfterSeconds ? { retryAfterMs: err.retryAfterSeconds * 1000 } : {}),
  });
}

/**
 * The `send_message` frame. A socket's sends are stored one after the other, in the order
 * they arrived, so that a user's messages keep their order (a mention look-up cannot let a
 * later one pass); other sockets' sends still share each store batch. The answer goes to
 * the socket only, after the commit: `message_ack` or `message_rejected`; a 401 (the session
 * ended) also closes the socket with 4401.
 *
 * The store refusing for now (busy, or away while PostgreSQL restarts: lib/errors.ts
 * storeRefusal) is a 503 with its retry hint, never a 500; the sends that were already
 * waiting behind the refused one get the same answer at once, rather than each waiting out
 * the outage and perhaps being stored before it (the client sends them again in order).
 */
export function registerSendFrame(
  realtime: Realtime,
  send: SocketSend,
  log: Log,
  timing?: AckTiming,
): void {
  const queues = new WeakMap<UserSocket, SendQueue>();

  /** Stores the send and answers it; returns whether an answer went out. */
  const store = async (
    socket: UserSocket,
    queue: SendQueue,
    frame: SendMessageFrame,
    arrived: number,
  ): Promise<boolean> => {
    const { channelId, clientId } = frame;
    if (socket.closed) return false;
    if (queue.refused && arrived < queue.refused.at) {
      reject(socket, frame, queue.refused.err);
      return true;
    }
    const { userId, sessionId } = socket.identity;
    try {
      const stored = await send({ sessionId, userId, channelId, clientId, message: frame.message });
      socket.reply({ type: 'message_ack', clientId, channelId, ...stored });
    } catch (err) {
      const refused = storeRefusal(err);
      if (refused) {
        queue.refused = { at: performance.now(), err: refused };
        reject(socket, frame, refused);
        return true;
      }
      if (!(err instanceof HttpError)) {
        log.error({ err }, 'realtime send failed');
        reject(socket, frame, new HttpError(500, 'Erreur interne du serveur'));
        return true;
      }
      reject(socket, frame, err);
      // The session is over (expired, or deleted without a sign-out): like a sign-out.
      if (err.statusCode === 401) socket.close(CLOSE_SESSION_ENDED, 'Session terminée');
    }
    return true;
  };

  realtime.onFrame(
    'send_message',
    SendMessageFrameSchema,
    (socket, frame) => {
      let queue = queues.get(socket);
      if (!queue) {
        queue = { tail: Promise.resolve(), inFlight: 0 };
        queues.set(socket, queue);
      }
      if (queue.inFlight >= MAX_SENDS_IN_FLIGHT) {
        reject(socket, frame, TOO_MANY_SENDS);
        return;
      }
      const q = queue;
      q.inFlight++;
      // From arrival to answer: the wait behind this socket's earlier sends counts too.
      const arrived = performance.now();
      q.tail = q.tail
        .then(async () => {
          if (await store(socket, q, frame, arrived)) {
            timing?.observe((performance.now() - arrived) / 1000);
          }
        })
        .finally(() => {
          q.inFlight--;
        });
      return q.tail;
    },
    // A message is never dropped without a word: the client sends it again later.
    { refuse: reject },
  );
}
