/** The files feature's events (server/src/features/files/service.ts). */
import type { ChannelFile } from '../files';

export type FileEvent =
  /** Sent to the channel's members once a file is stored. */
  | { type: 'file_added'; channelId: string; file: ChannelFile }
  /** Sent to the channel's members once a file is gone (deleted, or its message was). */
  | { type: 'file_deleted'; channelId: string; fileId: string };
