import { and, eq, inArray, not } from 'drizzle-orm';
import { LINK_PREVIEW_NOT_FOUND, LINK_PREVIEW_REMOVE_FORBIDDEN } from '#shared/link-previews';
import type { Message } from '#shared/messages';
import type { Db } from '../../db/client';
import { inBackground } from '../../db/store-gate';
import { forbidden, isForeignKeyViolation, notFound } from '../../lib/errors';
import { TokenBuckets } from '../../lib/token-bucket';
import { isMemberOf } from '../channels/membership';
import type { Deps } from '../deps';
import { findMessageForMember } from '../messages/queries';
import { publishParent as announceMessage } from '../messages/send';
import { fetchPreview, type PreviewData } from './fetch-preview';
import { linksToPreview } from './links';
import type { PreviewNetwork } from './safe-fetch';
import { channelLinkPreviewSettings, linkPreviewPages, messageLinkPreviews } from './schema';

/** A page read is good this long: one address posted a hundred times is fetched once a day. */
export const LINK_PREVIEW_TTL_MS = 24 * 60 * 60 * 1000;
/** A page that gave nothing is not tried again before this. */
export const LINK_PREVIEW_FAILED_TTL_MS = 60 * 60 * 1000;
/** One node's fetches: a burst, then this many a second (a flood of links waits for none). */
export const LINK_PREVIEW_FETCH_BURST = 30;
export const LINK_PREVIEW_FETCHES_PER_SECOND = 1;

export interface LinkPreviewSettings {
  network: PreviewNetwork;
  userAgent: string;
  /** Ruche's own origin (PUBLIC_URL): its links get no preview. */
  ownOrigin: string | undefined;
  fetchBurst?: number;
  fetchesPerSecond?: number;
}

type PageRow = Pick<typeof linkPreviewPages.$inferSelect, 'id' | 'status' | 'fetchedAt'>;

const isFresh = (row: PageRow, now: number) =>
  now - row.fetchedAt.getTime() <
  (row.status === 'ok' ? LINK_PREVIEW_TTL_MS : LINK_PREVIEW_FAILED_TTL_MS);

/** Whether the channel shows previews (no row: on). */
export async function channelAllowsPreviews(db: Db, channelId: string): Promise<boolean> {
  const [row] = await db
    .select({ enabled: channelLinkPreviewSettings.enabled })
    .from(channelLinkPreviewSettings)
    .where(eq(channelLinkPreviewSettings.channelId, channelId));
  return row?.enabled ?? true;
}

export async function setChannelPreviews(
  db: Db,
  channelId: string,
  enabled: boolean,
): Promise<void> {
  const values = { enabled, updatedAt: new Date() };
  await db
    .insert(channelLinkPreviewSettings)
    .values({ channelId, ...values })
    .onConflictDoUpdate({ target: channelLinkPreviewSettings.channelId, set: values });
}

/**
 * The previews of messages (docs/product.md, « Aperçus de liens »), made off the send path: a
 * message's links are read once it is stored (messageCreated, messageUpdated), each page
 * through the address cache (link_preview_pages), and the message announced again with its
 * previews (message_updated) once they are there.
 */
export class LinkPreviews {
  /** Pages being fetched on this node, by address: two messages with one link wait for one fetch. */
  private readonly inFlight = new Map<string, Promise<string | null>>();
  private readonly fetches: TokenBuckets<'node'>;

  constructor(
    private readonly deps: Deps,
    private readonly settings: LinkPreviewSettings,
  ) {
    this.fetches = new TokenBuckets(
      settings.fetchBurst ?? LINK_PREVIEW_FETCH_BURST,
      settings.fetchesPerSecond ?? LINK_PREVIEW_FETCHES_PER_SECOND,
    );
  }

  /**
   * A message's previews brought in line with its text: those of links gone are dropped (an
   * edit), those of new links fetched; the message announced again when anything changed.
   */
  async update(message: Message, edited: boolean): Promise<void> {
    const links = linksToPreview(message.content, this.settings.ownOrigin);
    if (links.length === 0 && !edited) return;
    await inBackground(async () => {
      const { db } = this.deps;
      const known = edited
        ? await db
            .select({ id: messageLinkPreviews.id, url: messageLinkPreviews.url })
            .from(messageLinkPreviews)
            .where(eq(messageLinkPreviews.messageId, message.id))
        : [];
      const gone = known.filter((row) => !links.includes(row.url)).map((row) => row.id);
      if (gone.length > 0) {
        await db.delete(messageLinkPreviews).where(inArray(messageLinkPreviews.id, gone));
      }
      const missing = links.filter((url) => !known.some((row) => row.url === url));
      const added = await this.attach(message, links, missing);
      if (gone.length > 0 || added) await announceMessage(this.deps, message.id);
    });
  }

  /** Previews for `missing` of the message's `links`; whether any was added. */
  private async attach(message: Message, links: string[], missing: string[]): Promise<boolean> {
    if (missing.length === 0) return false;
    if (!(await channelAllowsPreviews(this.deps.db, message.channelId))) return false;
    const pages = await Promise.all(missing.map((url) => this.pageOf(url)));
    const rows = missing.flatMap((url, i) => {
      const pageId = pages[i];
      return pageId
        ? [
            {
              messageId: message.id,
              channelId: message.channelId,
              pageId,
              url,
              position: links.indexOf(url),
            },
          ]
        : [];
    });
    if (rows.length === 0) return false;
    try {
      const inserted = await this.deps.db
        .insert(messageLinkPreviews)
        .values(rows)
        .onConflictDoNothing()
        .returning({ id: messageLinkPreviews.id });
      return inserted.length > 0;
    } catch (err) {
      // The message was deleted while its pages were read.
      if (isForeignKeyViolation(err)) return false;
      throw err;
    }
  }

  /** The page id of a good read of `url` (cached, or fetched now); null when nothing to show. */
  private async pageOf(url: string): Promise<string | null> {
    const [row] = await this.deps.db
      .select({
        id: linkPreviewPages.id,
        status: linkPreviewPages.status,
        fetchedAt: linkPreviewPages.fetchedAt,
      })
      .from(linkPreviewPages)
      .where(eq(linkPreviewPages.url, url));
    if (row && isFresh(row, Date.now())) return row.status === 'ok' ? row.id : null;
    let pending = this.inFlight.get(url);
    if (!pending) {
      pending = this.refresh(url, row).finally(() => this.inFlight.delete(url));
      this.inFlight.set(url, pending);
    }
    return pending;
  }

  private async refresh(url: string, known: PageRow | undefined): Promise<string | null> {
    const lastGood = known?.status === 'ok' ? known.id : null;
    if (this.fetches.take('node') > 0) {
      this.deps.log.info({ host: new URL(url).host }, 'link preview skipped: fetch rate reached');
      return lastGood;
    }
    let data: PreviewData | null = null;
    try {
      data = await fetchPreview(new URL(url), this.settings);
    } catch (err) {
      // The host only: the rest of an address may carry what its author meant for the channel.
      this.deps.log.debug({ err, host: new URL(url).host }, 'link preview not fetched');
    }
    return this.store(url, data, lastGood);
  }

  private async store(url: string, data: PreviewData | null, lastGood: string | null) {
    const { db } = this.deps;
    const fetchedAt = new Date();
    if (!data && lastGood) {
      // A page that fails now keeps its last good read until the next try.
      await db.update(linkPreviewPages).set({ fetchedAt }).where(eq(linkPreviewPages.id, lastGood));
      return lastGood;
    }
    const values = {
      status: data ? ('ok' as const) : ('failed' as const),
      siteName: data?.siteName ?? null,
      title: data?.title ?? null,
      description: data?.description ?? null,
      image: data?.image?.bytes ?? null,
      imageType: data?.image?.type ?? null,
      imageWidth: data?.image?.width ?? null,
      imageHeight: data?.image?.height ?? null,
      imageVersion: data?.image ? fetchedAt.getTime().toString(36) : null,
      fetchedAt,
    };
    const [row] = await db
      .insert(linkPreviewPages)
      .values({ url, ...values })
      .onConflictDoUpdate({ target: linkPreviewPages.url, set: values })
      .returning({ id: linkPreviewPages.id });
    return data && row ? row.id : null;
  }
}

/**
 * DELETE /api/messages/{id}/previews/{previewId}: its author takes a preview off, for
 * everyone (message_updated). A stranger to the channel: 404; another member: 403.
 */
export async function removePreview(
  deps: Deps,
  messageId: string,
  previewId: string,
  userId: string,
): Promise<void> {
  const message = await findMessageForMember(deps.db, messageId, userId);
  if (message.userId !== userId) throw forbidden(LINK_PREVIEW_REMOVE_FORBIDDEN);
  const [removed] = await deps.db
    .update(messageLinkPreviews)
    .set({ removed: true })
    .where(
      and(
        eq(messageLinkPreviews.id, previewId),
        eq(messageLinkPreviews.messageId, messageId),
        not(messageLinkPreviews.removed),
      ),
    )
    .returning({ id: messageLinkPreviews.id });
  if (!removed) throw notFound(LINK_PREVIEW_NOT_FOUND);
  await announceMessage(deps, messageId);
}

/** A preview's thumbnail, for a member of its channel; null otherwise (404). */
export async function findPreviewImage(
  db: Db,
  previewId: string,
  userId: string,
): Promise<{ bytes: Buffer; type: string } | null> {
  const [row] = await db
    .select({ bytes: linkPreviewPages.image, type: linkPreviewPages.imageType })
    .from(messageLinkPreviews)
    .innerJoin(linkPreviewPages, eq(linkPreviewPages.id, messageLinkPreviews.pageId))
    .where(
      and(
        eq(messageLinkPreviews.id, previewId),
        not(messageLinkPreviews.removed),
        isMemberOf(messageLinkPreviews.channelId, userId),
      ),
    );
  return row?.bytes && row.type ? { bytes: row.bytes, type: row.type } : null;
}
