import { boardsMessageExtension } from '@/features/boards';
import { disconnectMessageExtension } from '@/features/disconnect';
import { filesMessageExtension } from '@/features/files';
import { linkPreviewsMessageExtension } from '@/features/link-previews';
import { pinsMessageExtension } from '@/features/pins';
import { remindersMessageExtension } from '@/features/reminders';
import type { MessageExtension } from '@/lib/message-extensions';

/**
 * What other features show in a message (lib/message-extensions.ts), in order. A feature adds
 * its attachments, chips or menu entries by exporting a `MessageExtension` and listing it here.
 */
export const messageExtensions: readonly MessageExtension[] = [
  filesMessageExtension,
  linkPreviewsMessageExtension,
  boardsMessageExtension,
  pinsMessageExtension,
  remindersMessageExtension,
  disconnectMessageExtension,
];
