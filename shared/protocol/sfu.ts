/**
 * The SFU's frames and events (server/src/features/sfu/, docs/calls.md): voice channels and
 * video rooms send their media to Janus; the server drives Janus and relays the SDP and ICE
 * candidates here, so a browser never talks to Janus's API.
 *
 * A `space` names where the media goes: `voice:<channelId>` (a voice channel the user is
 * in) or `room:<participantId>` (the room seat this socket took with room_join).
 * A `feed` is a Janus publisher id; `null` is this socket's own publisher.
 */
import { z } from 'zod';
import type { IceServer } from '../calls';
import { IceCandidateSchema, SessionDescriptionSchema } from './webrtc';

const Space = z.string().regex(/^[a-z]+:[0-9a-zA-Z-]{1,64}$/);
const Feed = z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER);
/**
 * A simulcast layer of a publisher's video (docs/calls.md, "Salles à plusieurs"): 0 the
 * lowest resolution, 2 the full one. Janus forwards the asked one to this subscription only.
 */
const Layer = z.number().int().min(0).max(2);

/** Janus's trickle takes these three; the browser's usernameFragment is not passed on. */
const CandidateSchema = IceCandidateSchema.omit({ usernameFragment: true });

/** Enter the space's Janus room as a publisher (answered by sfu_joined or sfu_unavailable). */
export const SfuJoinFrameSchema = z.object({ type: z.literal('sfu_join'), space: Space });
/** Leave it: the publisher and every subscription of this socket in the space end. */
export const SfuLeaveFrameSchema = z.object({ type: z.literal('sfu_leave'), space: Space });
/** The publisher's offer (feed null), or the answer to a subscription's offer (feed set). */
export const SfuDescriptionFrameSchema = z.object({
  type: z.literal('sfu_description'),
  space: Space,
  feed: Feed.nullable(),
  description: SessionDescriptionSchema,
});
/**
 * Receive one publisher of the space: answered by an sfu_description offer for that feed.
 * `layer`: the simulcast layer to start with (the highest when absent).
 */
export const SfuSubscribeFrameSchema = z.object({
  type: z.literal('sfu_subscribe'),
  space: Space,
  feed: Feed,
  layer: Layer.optional(),
});
/** Receive another simulcast layer of a subscribed publisher (a tile grew or shrank). */
export const SfuLayerFrameSchema = z.object({
  type: z.literal('sfu_layer'),
  space: Space,
  feed: Feed,
  layer: Layer,
});
/** A trickled candidate (null: gathering done) for the publisher (feed null) or a subscription. */
export const SfuCandidateFrameSchema = z.object({
  type: z.literal('sfu_candidate'),
  space: Space,
  feed: Feed.nullable(),
  candidate: CandidateSchema.nullable(),
});

export type SfuDescription = z.infer<typeof SessionDescriptionSchema>;
export type SfuCandidate = z.infer<typeof CandidateSchema>;
/** A publisher: its Janus feed, and who it is (a user id in voice, a seat id in a room). */
export interface SfuPublisher {
  feed: number;
  display: string;
}

export type SfuEvent =
  /**
   * Joined: the publishers already there (subscribe to each), then send the publisher's offer.
   * `iceServers`: what this space's peer connections are built with (ICE_SERVERS, and TURN
   * credentials for this socket's holder when TURN_SECRET is set), as for 1:1 calls.
   */
  | {
      type: 'sfu_joined';
      space: string;
      feed: number;
      publishers: SfuPublisher[];
      iceServers: IceServer[];
      /** ICE_TRANSPORT_POLICY: `relay`, every connection through TURN only. */
      iceTransportPolicy: 'all' | 'relay';
    }
  /** No Janus reachable: use the peer mesh (small spaces only), with these ICE servers. */
  | {
      type: 'sfu_unavailable';
      space: string;
      iceServers: IceServer[];
      iceTransportPolicy: 'all' | 'relay';
    }
  /** Someone started publishing in the space. */
  | { type: 'sfu_publisher'; space: string; publisher: SfuPublisher }
  /** A publisher left. */
  | { type: 'sfu_unpublished'; space: string; feed: number }
  /** Janus's answer to the publisher's offer (feed null), or a subscription's offer. */
  | { type: 'sfu_description'; space: string; feed: number | null; description: SfuDescription }
  /** Janus restarted (or this space's session ended): close the connections and join again. */
  | { type: 'sfu_reset'; space: string };
