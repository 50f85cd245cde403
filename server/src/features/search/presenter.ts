import type {
  FileSearchResult,
  MessageSearchResult,
  SearchChannel,
  SnippetPart,
} from '#shared/search';
import { type PresentableUser, presentUser } from '../../auth/user-presenter';
import { MATCH_END, MATCH_START } from '../../db/search-filter';
import type { ChannelSummary } from '../channels/search-fragment';
import type { FileHit } from '../files/search';
import type { MessageHit } from '../messages/search-fragment';

const PLAIN_EXCERPT_MAX = 200;

/** ts_headline's text, markers and all, as parts: the matched words flagged, nothing as HTML. */
export function snippetParts(headline: string | null, content: string): SnippetPart[] {
  if (headline === null) {
    const text =
      content.length > PLAIN_EXCERPT_MAX ? `${content.slice(0, PLAIN_EXCERPT_MAX)}…` : content;
    return [{ text, match: false }];
  }
  const parts: SnippetPart[] = [];
  for (const [i, piece] of headline.split(MATCH_START).entries()) {
    if (i === 0) {
      if (piece) parts.push({ text: piece, match: false });
      continue;
    }
    const end = piece.indexOf(MATCH_END);
    const matched = end === -1 ? piece : piece.slice(0, end);
    const rest = end === -1 ? '' : piece.slice(end + MATCH_END.length);
    if (matched) parts.push({ text: matched, match: true });
    if (rest) parts.push({ text: rest, match: false });
  }
  // A passage from within a long message says so.
  const text = parts.map((p) => p.text).join('');
  const edge = Math.min(20, text.length);
  if (edge > 0 && !content.startsWith(text.slice(0, edge)))
    parts.unshift({ text: '… ', match: false });
  if (edge > 0 && !content.endsWith(text.slice(-edge))) parts.push({ text: ' …', match: false });
  return parts;
}

const presentChannel = (c: ChannelSummary): SearchChannel => ({
  id: c.id,
  name: c.name,
  type: c.type,
});

export function presentMessageResult(
  hit: MessageHit,
  author: PresentableUser,
  channel: ChannelSummary,
): MessageSearchResult {
  return {
    kind: 'message',
    id: hit.id,
    content: hit.content,
    channelId: hit.channelId,
    userId: hit.userId,
    user: presentUser(author),
    channel: presentChannel(channel),
    parentMessageId: hit.parentMessageId,
    attachments: hit.attachments,
    createdAt: hit.createdAt.toISOString(),
    snippet: snippetParts(hit.headline, hit.content),
  };
}

export function presentFileResult(
  hit: FileHit,
  uploader: PresentableUser | null,
  channel: ChannelSummary,
): FileSearchResult {
  return {
    kind: 'file',
    id: hit.id,
    channelId: hit.channelId,
    userId: hit.uploadedById,
    user: uploader ? presentUser(uploader) : null,
    channel: presentChannel(channel),
    name: hit.originalName,
    mimeType: hit.mimeType,
    size: hit.size,
    url: hit.url,
    createdAt: hit.createdAt.toISOString(),
  };
}
