import { formatBytes } from './lib/format-bytes';

/**
 * "Stockage : 12,3 Mo sur 1 Go" and a bar filled as much; without a quota, the text alone.
 * `text` is the sentence, built by the caller from fr.json with the formatted sizes.
 */
export function StorageMeter({
  used,
  quota,
  text,
}: {
  used: number;
  quota: number | null;
  text: (sizes: { used: string; quota: string }) => string;
}) {
  const sentence = text({ used: formatBytes(used), quota: quota ? formatBytes(quota) : '' });
  const percent = quota ? Math.min(100, Math.round((used / quota) * 100)) : null;
  return (
    <div className="grid gap-2">
      <p className="text-sm">{sentence}</p>
      {percent !== null ? (
        <div
          role="progressbar"
          aria-label={sentence}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent}
          className="h-2 overflow-hidden rounded-full bg-muted"
        >
          <div
            className={percent >= 90 ? 'h-full bg-destructive' : 'h-full bg-primary'}
            // A sliver as soon as anything is used: an empty bar would read as "nothing".
            style={{ width: `${percent}%`, minWidth: used > 0 ? '0.25rem' : undefined }}
          />
        </div>
      ) : null}
    </div>
  );
}
