/**
 * What an export holds, whatever its source (slack.ts and mattermost.ts read theirs into it;
 * write.ts stores it): people, conversations and their messages, keyed by the export's own
 * ids so that a second run finds what the first one made (import_map, schema.ts).
 */
import type { Readable } from 'node:stream';

export type ImportSource = 'slack' | 'mattermost';

export interface ImportUser {
  /** The export's id (Slack) or username (Mattermost). */
  key: string;
  email: string | null;
  firstName: string | null;
  lastName: string | null;
  displayName: string | null;
}

export interface ImportChannel {
  key: string;
  name: string;
  description: string | null;
  /** channel: public; group: private channel or group conversation; direct: two people. */
  type: 'channel' | 'group' | 'direct';
  creatorKey: string | null;
  memberKeys: string[];
  createdAt: Date | null;
}

export interface ImportFile {
  key: string;
  name: string;
  mimeType: string | null;
  /** Its bytes, or why the export does not hold them. */
  open: (() => Promise<{ stream: Readable; size: number }>) | { missing: string };
}

export interface ImportReaction {
  /** Unicode, or `:name:` for an emoji the source made up (custom). */
  emoji: string;
  userKeys: string[];
}

export interface ImportMessage {
  /** Unique within the source (Slack: channel/ts; Mattermost: channel/author/time). */
  key: string;
  channelKey: string;
  userKey: string;
  /** Ruche markdown, mentions already written `@Name` (write.ts resolves `mentionKeys`). */
  content: string;
  mentionKeys: string[];
  createdAt: Date;
  editedAt: Date | null;
  parentKey: string | null;
  reactions: ImportReaction[];
  files: ImportFile[];
}

/** Something the export holds that is not imported, and why. */
export interface Skip {
  what: 'utilisateur' | 'canal' | 'message' | 'réaction' | 'fichier';
  reason: string;
}

export interface ImportData {
  source: ImportSource;
  users: ImportUser[];
  channels: ImportChannel[];
  /** Every message, in any order (write.ts sorts each channel's by time). */
  messages: ImportMessage[];
  /** What reading the export already left out (system messages, unknown authors…). */
  skipped: Skip[];
  /** Closes the archive the export is read from. */
  close(): Promise<void>;
}
