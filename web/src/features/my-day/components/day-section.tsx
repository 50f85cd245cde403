import type { LucideIcon } from 'lucide-react';
import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';

interface DaySectionProps {
  icon: LucideIcon;
  title: string;
  /** How many items there are in all (the list shows the first ones). */
  total: number;
  shown: number;
  empty: string;
  /** Where « Voir tout » leads when some are not shown. */
  seeAll: string | null;
  children: ReactNode;
}

/** One section of « Ma journée »: its title and count, its items or its empty text, « Voir tout ». */
export function DaySection({
  icon: Icon,
  title,
  total,
  shown,
  empty,
  seeAll,
  children,
}: DaySectionProps) {
  const { t } = useTranslation();
  const titleId = useId();
  return (
    <section
      aria-labelledby={titleId}
      className="grid min-w-0 grid-cols-1 content-start gap-2 rounded-2xl border bg-card/60 p-4"
    >
      <h2 id={titleId} className="flex items-center gap-2 font-semibold text-base">
        <Icon aria-hidden className="size-4 text-primary" />
        <span className="min-w-0 flex-1 break-words">{title}</span>
        <span
          aria-hidden
          className="rounded-full bg-muted px-2 py-0.5 font-medium text-muted-foreground text-xs tabular-nums"
        >
          {total}
        </span>
        <span className="sr-only">{t('myDay.count', { count: total })}</span>
      </h2>
      {total === 0 ? (
        <p className="text-muted-foreground text-sm">{empty}</p>
      ) : (
        <ul className="grid gap-1">{children}</ul>
      )}
      {total > shown ? (
        seeAll ? (
          <Link
            href={seeAll}
            className="justify-self-start rounded-md text-primary text-sm underline-offset-2 outline-none hover:underline focus-visible:ring-2 focus-visible:ring-ring"
          >
            {t('myDay.seeAll', { count: total })}
          </Link>
        ) : (
          <p className="text-muted-foreground text-xs">
            {t('myDay.more', { count: total - shown })}
          </p>
        )
      ) : null}
    </section>
  );
}

/** A row of a section: its link (the whole text), then an action beside it, if any. */
export function DayItem({
  href,
  label,
  children,
  action,
}: {
  href: string;
  /** The link's accessible name. */
  label: string;
  children: ReactNode;
  action?: ReactNode;
}) {
  return (
    <li className="flex items-start gap-1 rounded-lg hover:bg-accent/50">
      <Link
        href={href}
        aria-label={label}
        className="grid min-w-0 flex-1 gap-0.5 rounded-lg px-2 py-1.5 text-sm outline-none focus-visible:ring-2 focus-visible:ring-ring"
      >
        {children}
      </Link>
      {action ? <div className="shrink-0 p-0.5">{action}</div> : null}
    </li>
  );
}
