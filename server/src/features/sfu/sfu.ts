import { createHash } from 'node:crypto';
import type { VideoRoomHandle } from 'janode/plugins/videoroom';
import VideoRoomPlugin from 'janode/plugins/videoroom';
import type { SfuCandidate, SfuDescription, SfuPublisher } from '#shared/protocol/sfu';
import type { Identity } from '../../realtime/identity';
import type { Socket } from '../../realtime/realtime';
import type { JanusLink } from './janus';

/** What a feature answers for one socket asking to enter `<kind>:<key>`. */
export interface SpaceGrant {
  /** The Janus room: every socket given the same group meets in it (e.g. `voice:<channelId>`). */
  group: string;
  /** Who this publisher is, as the space's clients name people (a user id, a seat id). */
  display: string;
  /**
   * Voice: no camera, the only video a shared screen (docs/calls.md, "Salons vocaux"), whose
   * text needs more bits a second than a camera's face.
   */
  screenOnly: boolean;
}

/**
 * A space kind a feature declares: whether this socket may be in `<kind>:<key>` now (the
 * store is the truth), and as what. Null: it may not (its frames are dropped).
 */
export type SpaceAuthorizer = (
  identity: Identity,
  key: string,
  socket: Socket,
) => Promise<SpaceGrant | null>;

interface Member {
  grant: SpaceGrant;
  room: number;
  pub: VideoRoomHandle;
  feed: number;
  subs: Map<number, VideoRoomHandle>;
  /** Each subscription's video m-line (its mid in Janus's offer): what sfu_layer configures. */
  videoMids: Map<number, string>;
}

/** The mid of the first video m-line of an SDP, if any. */
export function videoMidOf(sdp: string): string | undefined {
  const section = sdp.split(/\r?\n(?=m=)/).find((part) => part.startsWith('m=video'));
  return section?.match(/^a=mid:(\S+)/m)?.[1];
}

const EV = VideoRoomPlugin.EVENT;

/** A Janus room id from the group name: numeric, stable across nodes and Janus restarts. */
export function janusRoomId(group: string): number {
  return createHash('sha256').update(group).digest().readUIntBE(0, 6);
}

/**
 * The SFU on this node (docs/calls.md): each socket in a space holds one publisher handle and
 * one subscriber handle per remote publisher, all on this node's Janus session. Rooms are
 * created on first use and destroyed when the last participant (on any node) leaves.
 */
export class Sfu {
  private readonly kinds = new Map<string, SpaceAuthorizer>();
  private readonly members = new Map<Socket, Map<string, Member>>();
  private readonly rooms = new Set<number>();
  private control: VideoRoomHandle | undefined;

  constructor(
    readonly janus: JanusLink | undefined,
    public log: { warn(obj: object, msg: string): void },
  ) {
    janus?.on('reset', () => this.reset());
  }

  get available(): boolean {
    return this.janus?.session !== undefined;
  }

  space(kind: string, authorize: SpaceAuthorizer): void {
    this.kinds.set(kind, authorize);
  }

  async authorize(socket: Socket, space: string): Promise<SpaceGrant | null> {
    const at = space.indexOf(':');
    const authorize = this.kinds.get(space.slice(0, at));
    if (!authorize) return null;
    return authorize(socket.identity, space.slice(at + 1), socket);
  }

  member(socket: Socket, space: string): Member | undefined {
    return this.members.get(socket)?.get(space);
  }

  /** Janus went away: every handle and room is gone; each socket hears it and joins again. */
  private reset(): void {
    this.control = undefined;
    this.rooms.clear();
    for (const [socket, spaces] of this.members) {
      for (const space of spaces.keys()) socket.reply({ type: 'sfu_reset', space });
    }
    this.members.clear();
  }

  private async ensureRoom(grant: SpaceGrant): Promise<number> {
    const room = janusRoomId(grant.group);
    if (this.rooms.has(room)) return room;
    this.control ??= await this.janus?.attach();
    if (!this.control) throw new Error('Janus unavailable');
    try {
      await this.control.create({
        room,
        description: grant.group,
        permanent: false,
        max_publishers: 64,
        audiocodec: 'opus',
        videocodec: 'vp8',
        bitrate: grant.screenOnly ? 2_000_000 : 1_024_000,
        notify_joining: false,
      });
    } catch (err) {
      // 427: another node (or an earlier join) made it already.
      if ((err as { _code?: number })._code !== 427) throw err;
    }
    this.rooms.add(room);
    return room;
  }

  /** Enter the space as a publisher: the publishers already in it, or null without Janus. */
  async join(
    socket: Socket,
    space: string,
    grant: SpaceGrant,
  ): Promise<{ feed: number; publishers: SfuPublisher[] } | null> {
    if (!this.available) return null;
    await this.leave(socket, space);
    const generation = this.janus?.generation;
    const room = await this.ensureRoom(grant);
    const pub = await this.janus?.attach();
    if (!pub) return null;
    let joined: Awaited<ReturnType<VideoRoomHandle['joinPublisher']>>;
    try {
      joined = await pub.joinPublisher({ room, display: grant.display });
    } catch (err) {
      // 426: the room was destroyed meanwhile (its last participant left on another node).
      if ((err as { _code?: number })._code !== 426) throw err;
      this.rooms.delete(room);
      await this.ensureRoom(grant);
      joined = await pub.joinPublisher({ room, display: grant.display });
    }
    if (socket.closed || generation !== this.janus?.generation) {
      await pub.detach().catch(() => undefined);
      return null;
    }
    const member: Member = {
      grant,
      room,
      pub,
      feed: joined.feed,
      subs: new Map(),
      videoMids: new Map(),
    };
    let spaces = this.members.get(socket);
    if (!spaces) {
      spaces = new Map();
      this.members.set(socket, spaces);
      socket.onClosed(() => void this.leaveAll(socket));
    }
    spaces.set(space, member);
    pub.on(
      EV.VIDEOROOM_PUB_LIST as string,
      (data: { publishers: { feed: number; display?: string }[] }) => {
        for (const p of data.publishers) {
          if (p.feed === member.feed) continue;
          socket.reply({
            type: 'sfu_publisher',
            space,
            publisher: { feed: p.feed, display: p.display ?? '' },
          });
        }
      },
    );
    const gone = (data: { feed: number }) => {
      if (data.feed === member.feed) return;
      void this.unsubscribe(member, data.feed);
      socket.reply({ type: 'sfu_unpublished', space, feed: data.feed });
    };
    pub.on(EV.VIDEOROOM_UNPUBLISHED as string, gone);
    pub.on(EV.VIDEOROOM_LEAVING as string, gone);
    return {
      feed: joined.feed,
      publishers: joined.publishers.map((p) => ({ feed: p.feed, display: p.display ?? '' })),
    };
  }

  /** The publisher's offer → Janus's answer. */
  async publish(member: Member, offer: SfuDescription): Promise<SfuDescription | undefined> {
    const configured = await member.pub.configure({
      jsep: offer,
      audio: true,
      video: true,
    });
    return configured.jsep as SfuDescription | undefined;
  }

  /**
   * Receive one publisher of the room: Janus's offer for it. `layer`: the simulcast layer to
   * forward (Janus's default, the highest, when absent or when the publisher sends one).
   */
  async subscribe(
    member: Member,
    feed: number,
    layer?: number,
  ): Promise<SfuDescription | undefined> {
    await this.unsubscribe(member, feed);
    const sub = await this.janus?.attach();
    if (!sub) return undefined;
    member.subs.set(feed, sub);
    try {
      // Janus's multistream form: the legacy `substream` beside `feed` is not read at join.
      const joined = await sub.joinSubscriber({
        room: member.room,
        streams: [{ feed, ...(layer === undefined ? {} : { substream: layer }) }],
      });
      const mid = joined.jsep ? videoMidOf(joined.jsep.sdp) : undefined;
      if (mid !== undefined) member.videoMids.set(feed, mid);
      return joined.jsep as SfuDescription | undefined;
    } catch (err) {
      // The publisher left meanwhile (its handle was detached by `gone`): nothing to receive.
      if (member.subs.get(feed) !== sub) return undefined;
      throw err;
    }
  }

  async answer(member: Member, feed: number, answer: SfuDescription): Promise<void> {
    await member.subs.get(feed)?.start({ jsep: answer });
  }

  /** Forward another simulcast layer of `feed` to this subscription (no renegotiation). */
  async layer(member: Member, feed: number, layer: number): Promise<void> {
    const mid = member.videoMids.get(feed);
    if (mid === undefined) return;
    await member.subs.get(feed)?.configure({ streams: [{ mid, substream: layer }] });
  }

  async trickle(
    member: Member,
    feed: number | null,
    candidate: SfuCandidate | null,
  ): Promise<void> {
    const handle = feed === null ? member.pub : member.subs.get(feed);
    if (!handle) return;
    if (candidate) await handle.trickle(candidate);
    else await handle.trickleComplete();
  }

  private async unsubscribe(member: Member, feed: number): Promise<void> {
    const sub = member.subs.get(feed);
    if (!sub) return;
    member.subs.delete(feed);
    member.videoMids.delete(feed);
    await sub.detach().catch(() => undefined);
  }

  async leave(socket: Socket, space: string): Promise<void> {
    const spaces = this.members.get(socket);
    const member = spaces?.get(space);
    if (!spaces || !member) return;
    spaces.delete(space);
    const handles = [member.pub, ...member.subs.values()];
    member.subs.clear();
    await Promise.all(handles.map((h) => h.detach().catch(() => undefined)));
    await this.destroyIfEmpty(member.room);
  }

  private async leaveAll(socket: Socket): Promise<void> {
    const spaces = [...(this.members.get(socket)?.keys() ?? [])];
    await Promise.all(spaces.map((space) => this.leave(socket, space)));
    this.members.delete(socket);
  }

  /** The last one out (on any node: Janus's list is the truth) destroys the room. */
  private async destroyIfEmpty(room: number): Promise<void> {
    const control = this.control;
    if (!control) return;
    try {
      const { participants } = await control.listParticipants({ room });
      if (participants.length > 0) return;
      this.rooms.delete(room);
      await control.destroy({ room });
    } catch (err) {
      const code = (err as { _code?: number })._code;
      if (code !== 426) this.log.warn({ err, room }, 'sfu: could not destroy a Janus room');
      this.rooms.delete(room);
    }
  }

  /** The sockets of this node in a space of `group` (e.g. every socket in `voice:<id>`). */
  inGroup(group: string): Array<{ socket: Socket; space: string }> {
    const found: Array<{ socket: Socket; space: string }> = [];
    for (const [socket, spaces] of this.members) {
      for (const [space, member] of spaces) {
        if (member.grant.group === group) found.push({ socket, space });
      }
    }
    return found;
  }

  /** Live rooms on this Janus (tests, metrics). */
  async janusRooms(): Promise<number[]> {
    return [...this.rooms];
  }
}
