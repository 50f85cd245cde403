import { ImageIcon } from 'lucide-react';
import { type ComponentProps, memo, type ReactNode, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CustomEmojiImage, remarkCustomEmoji, useCustomEmoji } from '@/features/emoji';
import { remarkWideMentions, useUserGroups } from '@/features/user-groups';
import {
  defaultUrlTransform,
  type MarkdownComponents,
  renderMarkdown,
  type UrlTransform,
} from '@/lib/markdown';
import { pageUrl, parseUrl } from '@/lib/safe-url';
import { remarkShortcodes, useShortcodeTable } from '../lib/emoji-shortcodes';
import { type MentionTarget, remarkMentions } from '../lib/remark-mentions';
import { endQuotesAtTheirLines } from '../lib/slack-quotes';

/**
 * The markdown body (docs/product.md §1): GFM as React elements (lib/markdown.tsx) with its
 * default urlTransform, so only addresses with no scheme or http, https, irc, ircs, mailto,
 * xmpp survive. Code reads at 14 px beside the 15 px text (a block's `code` keeps the block's
 * size, not 13/16 of it).
 */
const components: MarkdownComponents = {
  a: ({ href, children, ...props }: ComponentProps<'a'>) =>
    // An address the default rule dropped (`javascript:`) or that does not parse is text.
    href && parseUrl(href, pageUrl()) ? (
      <a
        {...props}
        href={href}
        target="_blank"
        rel="noopener noreferrer"
        className="font-medium text-link underline-offset-2 hover:underline"
      >
        {children}
      </a>
    ) : (
      <span>{children}</span>
    ),
  pre: ({ ...props }: ComponentProps<'pre'>) => (
    <pre
      {...props}
      className="my-1.5 max-w-full overflow-x-auto rounded-md border bg-muted/60 p-3 font-mono text-sm leading-relaxed [&>code]:bg-transparent! [&>code]:p-0! [&>code]:text-[1em]! [&>code]:text-foreground!"
    />
  ),
  code: ({ className, ...props }: ComponentProps<'code'>) => (
    <code
      {...props}
      className={`${className ?? ''} rounded bg-muted px-1.5 py-0.5 font-mono text-[0.875em] text-rose-700 dark:text-rose-300`}
    />
  ),
  // A task list's boxes stand in for its bullets.
  ul: ({ className, ...props }: ComponentProps<'ul'>) => (
    <ul
      {...props}
      className={
        className === 'contains-task-list'
          ? 'my-1 list-none space-y-0.5 pl-1'
          : 'my-1 list-disc space-y-0.5 pl-6'
      }
    />
  ),
  ol: ({ ...props }: ComponentProps<'ol'>) => (
    <ol {...props} className="my-1 list-decimal space-y-0.5 pl-6" />
  ),
  blockquote: ({ ...props }: ComponentProps<'blockquote'>) => (
    <blockquote
      {...props}
      className="my-1 border-muted-foreground/40 border-l-4 pl-3 text-muted-foreground"
    />
  ),
  p: ({ ...props }: ComponentProps<'p'>) => (
    <p {...props} className="whitespace-pre-wrap break-words" />
  ),
  h1: ({ ...props }: ComponentProps<'p'>) => <p {...props} className="font-bold text-lg" />,
  h2: ({ ...props }: ComponentProps<'p'>) => <p {...props} className="font-bold text-base" />,
  h3: ({ ...props }: ComponentProps<'p'>) => <p {...props} className="font-semibold" />,
  table: ({ ...props }: ComponentProps<'table'>) => (
    <div className="my-1.5 overflow-x-auto">
      <table
        {...props}
        className="border-collapse text-sm [&_td]:border [&_td]:px-2 [&_td]:py-1 [&_th]:border [&_th]:bg-muted/50 [&_th]:px-2 [&_th]:py-1"
      />
    </div>
  ),
  img: ({ alt, src, ...props }: ComponentProps<'img'>) => (
    <MessageImage alt={alt ?? ''} src={typeof src === 'string' ? src : ''} {...props} />
  ),
  hr: () => <hr className="my-2 border-border" />,
};

/**
 * Where an image comes from: Ruche itself, someone else (`//host` counts), or nowhere: an
 * address that does not parse (`http://[`) is shown as text (lib/safe-url.ts).
 */
export type ImageOrigin = { kind: 'own' } | { kind: 'remote'; host: string } | { kind: 'invalid' };

export function imageOrigin(src: string, page: URL): ImageOrigin {
  const target = parseUrl(src, page);
  if (!target) return { kind: 'invalid' };
  return target.origin === page.origin ? { kind: 'own' } : { kind: 'remote', host: target.host };
}

/**
 * A remote image loads only once the reader asks: loading it would tell its server who read
 * the message, and when (docs/security.md, finding 8). Ruche's own images load at once.
 */
function MessageImage({
  src,
  alt,
  ...props
}: ComponentProps<'img'> & { src: string; alt: string }) {
  const { t } = useTranslation();
  const [shown, setShown] = useState(false);
  // Dropped by the rules below (`javascript:`, Ruche's own API): nothing to show but its text.
  if (!src) return alt ? <span>{alt}</span> : null;
  const origin = imageOrigin(src, pageUrl());
  if (origin.kind === 'invalid') {
    return (
      <span className="break-all text-muted-foreground">
        {t('messages.invalidImage', { address: src })}
      </span>
    );
  }
  if (origin.kind === 'remote' && !shown) {
    return (
      <button
        type="button"
        onClick={() => setShown(true)}
        className="my-1 inline-flex items-center gap-2 rounded-md border border-dashed px-3 py-2 text-muted-foreground text-sm hover:bg-muted/60"
      >
        <ImageIcon aria-hidden className="size-4" />
        {t('messages.remoteImage', { host: origin.host })}
      </button>
    );
  }
  return (
    <img
      {...props}
      src={src}
      alt={alt}
      loading="lazy"
      referrerPolicy="no-referrer"
      className="my-1 max-h-80 max-w-full rounded-md"
    />
  );
}

/**
 * An own address's path as the server's router reads it: the browser keeps `%61` in
 * `pathname`, the router decodes it (`/%61pi/logout` runs `/api/logout`). Decoded, then
 * resolved again so that a decoded `..` counts; null when it does not decode.
 */
function routedPath(target: URL): string | null {
  try {
    return new URL(target.origin + decodeURIComponent(target.pathname)).pathname;
  } catch {
    return null;
  }
}

/**
 * The default rule, and one more for images, which load without a click: none may point at
 * Ruche's own API but a file download (`![](/api/logout)` signed readers out: docs/security.md,
 * finding 3). Resolved against the page, so `../api/…` is caught too, and tested on the path
 * decoded, so `/%61pi/…` is too; an own image whose path does not decode is dropped. An
 * address that does not parse is left as it is: no browser can load it, and the components
 * show it as text.
 */
export function safeMessageUrl(url: string, key: string, page: URL): string {
  const safe = defaultUrlTransform(url);
  if (key !== 'src' || !safe) return safe;
  const target = parseUrl(safe, page);
  if (!target || target.origin !== page.origin) return safe;
  const path = routedPath(target);
  if (path === null) return '';
  return path.startsWith('/api/') && !path.startsWith('/api/files/') ? '' : safe;
}

const urlTransform: UrlTransform = (url, key) => safeMessageUrl(url, key, pageUrl());

export const MessageBody = memo(function MessageBody({
  content,
  mentions,
}: {
  content: string;
  mentions: readonly MentionTarget[];
}) {
  const shortcodes = useShortcodeTable(content);
  const custom = useCustomEmoji();
  const { groups } = useUserGroups();
  const handles = useMemo(() => (groups ?? []).map((g) => g.handle), [groups]);
  // Custom emoji first: `:nom:` of one the workspace added shows its image (docs/product.md,
  // "Émojis personnalisés"), the shortcodes of standard emojis after.
  const plugins = useMemo(
    () => [
      remarkCustomEmoji(custom),
      remarkShortcodes(shortcodes),
      remarkMentions(mentions),
      remarkWideMentions(handles),
    ],
    [custom, handles, mentions, shortcodes],
  );
  const withEmoji = useMemo(
    (): MarkdownComponents => ({
      ...components,
      'custom-emoji': ({ children, ...props }: { children?: ReactNode; 'data-name'?: string }) => {
        const emoji = props['data-name'] ? custom.get(props['data-name']) : undefined;
        return emoji ? <CustomEmojiImage emoji={emoji} /> : <span>{children}</span>;
      },
    }),
    [custom],
  );
  const body = useMemo(
    () =>
      renderMarkdown(endQuotesAtTheirLines(content), {
        plugins,
        components: withEmoji,
        urlTransform,
      }),
    [content, plugins, withEmoji],
  );
  return (
    <div className="message-body space-y-1 text-[0.9375rem] text-foreground/95 leading-relaxed">
      {body}
    </div>
  );
});
