import { randomUUID } from 'node:crypto';
import { VOICE_HEARTBEAT_MS } from '#shared/voice';
import type { Socket } from '../../realtime/realtime';
import type { Deps } from '../deps';
import { leaveVoice, refreshVoice, sweepVoice } from './service';

interface Held {
  socket: Socket;
  userId: string;
  channelId: string;
}

/**
 * The voice seats this node's sockets hold (docs/calls.md, "Salons vocaux"): a seat lives as
 * long as its socket. A socket that closes leaves its seat at once; while it is open, the
 * node refreshes its seat every VOICE_HEARTBEAT_MS, and sweeps every seat nobody refreshed
 * for VOICE_SILENT_AFTER_S — so a killed node's seats go within about 13 s, on every node.
 * The same mechanism as presence's per-node heartbeat (docs/realtime.md), kept in the store
 * because the seats are there.
 */
export class VoiceSeats {
  private readonly ids = new WeakMap<Socket, string>();
  private readonly held = new Map<string, Held>();
  private timer: NodeJS.Timeout | null = null;
  private beating: Promise<void> = Promise.resolve();
  /** Tests: the node "dies" — it neither refreshes nor leaves its seats any more. */
  private dead = false;

  constructor(readonly deps: Deps) {}

  /** The id of the socket's connection (one per socket, made on first use). */
  connectionOf(socket: Socket): string {
    let id = this.ids.get(socket);
    if (!id) {
      const made = randomUUID();
      id = made;
      this.ids.set(socket, made);
      socket.onClosed(() => this.closed(made));
    }
    return id;
  }

  /** The socket now holds the user's seat in this channel. */
  hold(socket: Socket, userId: string, channelId: string): void {
    this.held.set(this.connectionOf(socket), { socket, userId, channelId });
  }

  /** The socket's seat ended (left, moved elsewhere): nothing to refresh or leave for it. */
  release(connectionId: string): void {
    this.held.delete(connectionId);
  }

  heldBy(connectionId: string): Held | undefined {
    return this.held.get(connectionId);
  }

  private closed(connectionId: string): void {
    const held = this.held.get(connectionId);
    this.held.delete(connectionId);
    if (!held || this.dead) return;
    leaveVoice(this.deps, held.channelId, held.userId, connectionId).catch((err: unknown) =>
      this.deps.log.warn({ err }, 'voice: could not free a closed socket’s seat'),
    );
  }

  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => {
      this.beating = this.beat();
    }, VOICE_HEARTBEAT_MS);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.beating;
  }

  /** A crash, as far as voice can tell (tests): no more refreshing, no leaving on close. */
  die(): void {
    this.dead = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  /** Refresh the seats held here, then take out those nobody refreshed. */
  async beat(): Promise<void> {
    if (this.dead) return;
    try {
      await refreshVoice(this.deps.db, [...this.held.keys()]);
      await sweepVoice(this.deps);
    } catch (err) {
      this.deps.log.warn({ err }, 'voice: heartbeat failed');
    }
  }
}
