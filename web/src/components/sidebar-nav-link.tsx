import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, useLocation } from 'wouter';
import { cn } from '@/lib/utils';

interface SidebarNavLinkProps {
  href: string;
  icon: LucideIcon;
  label: string;
  onNavigate?: (() => void) | undefined;
  /** Shown in bold, as a channel with something unread. */
  emphasized?: boolean;
  /** After the label: a count. */
  children?: ReactNode;
}

/**
 * One of the sidebar's own pages above the channels (« Ma journée », « Fils de discussion »,
 * « Enregistrés », « Rappels et envois »), marked when it is the page shown.
 */
export function SidebarNavLink({
  href,
  icon: Icon,
  label,
  onNavigate,
  emphasized = false,
  children,
}: SidebarNavLinkProps) {
  const [location] = useLocation();
  const active = location === href;
  return (
    <Link
      href={href}
      aria-current={active ? 'page' : undefined}
      onClick={onNavigate}
      className={cn(
        'flex h-8 w-full min-w-0 items-center gap-2 rounded-md px-2 text-muted-foreground text-sm outline-none transition-colors hover:bg-accent/70 hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring',
        active && 'bg-primary/15 text-foreground',
        emphasized && 'font-semibold text-foreground',
      )}
    >
      <Icon aria-hidden className="size-4 shrink-0" />
      <span className="min-w-0 flex-1 truncate">{label}</span>
      {children}
    </Link>
  );
}
