import { AlertTriangleIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { ErrorBoundary } from 'react-error-boundary';
import { useTranslation } from 'react-i18next';
import type { Message } from '#shared/messages';
import { userDisplayName } from '#shared/user-names';
import { errorReference, logRenderError } from '@/lib/error-reference';

/**
 * Around each message of a list or a thread (docs/security.md, "Hostile content"): a message
 * whose rendering throws shows as "Ce message ne peut pas être affiché", its raw text one
 * click away, and the list around it stays readable. A class component and a two-item key
 * array a row: nothing that the virtualised list would feel. An edit (new content) tries again.
 */
export function MessageBoundary({ message, children }: { message: Message; children: ReactNode }) {
  return (
    <ErrorBoundary
      fallbackRender={({ error }) => <UnrenderableMessage message={message} error={error} />}
      onError={logRenderError}
      resetKeys={[message.id, message.content]}
    >
      {children}
    </ErrorBoundary>
  );
}

function UnrenderableMessage({ message, error }: { message: Message; error: unknown }) {
  const { t } = useTranslation();
  const author = userDisplayName(message.user) ?? t('common.unknownUser');
  return (
    <article
      aria-label={author}
      data-message-id={message.id}
      data-unrenderable=""
      className="flex gap-3 px-5 pt-1.5 pb-0.5"
    >
      <div className="grid w-9 shrink-0 justify-items-center pt-0.5">
        <AlertTriangleIcon aria-hidden className="size-5 text-destructive" />
      </div>
      <div className="min-w-0 flex-1 text-sm">
        <p>
          <span className="font-semibold text-foreground">{author}</span>{' '}
          <span className="text-muted-foreground">{t('messages.unrenderable.title')}</span>
        </p>
        <details className="mt-1">
          <summary className="cursor-pointer select-none text-link text-xs hover:underline">
            {t('messages.unrenderable.showRaw')}
          </summary>
          <pre className="mt-1.5 max-h-60 overflow-auto whitespace-pre-wrap break-all rounded-md border bg-muted/60 p-3 font-mono text-xs">
            {message.content}
          </pre>
          <p className="mt-1 text-muted-foreground text-xs">
            {t('common.crash.reference', { reference: errorReference(error) })}
          </p>
        </details>
      </div>
    </article>
  );
}
