// The part of janode (Meetecho's Janus client, plain JavaScript) the SFU uses.
declare module 'janode' {
  import type { EventEmitter } from 'node:events';
  export interface JanodeHandle extends EventEmitter {
    id: number;
    detach(): Promise<void>;
    trickle(candidate: unknown): Promise<void>;
    trickleComplete(): Promise<void>;
  }
  export interface JanodeSession extends EventEmitter {
    attach<H>(plugin: { id: string; Handle: unknown }): Promise<H>;
    destroy(): Promise<void>;
  }
  export interface JanodeConnection extends EventEmitter {
    create(keepAliveSeconds?: number): Promise<JanodeSession>;
    close(): Promise<void>;
  }
  const Janode: {
    connect(config: {
      address: { url: string }[];
      retry_time_secs?: number;
      max_retries?: number;
    }): Promise<JanodeConnection>;
    EVENT: Record<string, string>;
    Logger: { setLevel(level: string): void };
  };
  export default Janode;
}

declare module 'janode/plugins/videoroom' {
  import type { JanodeHandle } from 'janode';

  type Jsep = { type: string; sdp: string };
  export interface VideoRoomHandle extends JanodeHandle {
    feed?: number;
    create(params: Record<string, unknown>): Promise<unknown>;
    destroy(params: { room: number }): Promise<unknown>;
    exists(params: { room: number }): Promise<{ exists: boolean }>;
    listParticipants(params: { room: number }): Promise<{ participants: unknown[] }>;
    joinPublisher(params: Record<string, unknown>): Promise<{
      feed: number;
      publishers: { feed: number; display?: string }[];
    }>;
    configure(params: Record<string, unknown>): Promise<{ jsep?: Jsep }>;
    joinSubscriber(params: Record<string, unknown>): Promise<{ jsep?: Jsep }>;
    start(params: { jsep: Jsep }): Promise<unknown>;
    leave(): Promise<unknown>;
  }
  const plugin: { id: string; Handle: unknown; EVENT: Record<string, string> };
  export default plugin;
}
