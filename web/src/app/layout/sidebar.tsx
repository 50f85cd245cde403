import { ChevronDownIcon } from 'lucide-react';
import { type CSSProperties, type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SIDEBAR_WIDTH_PX } from '#shared/limits';
import { ScrollArea } from '@/components/ui/scroll-area';
import type { SidebarSectionContribution } from '@/lib/shell';
import { cn } from '@/lib/utils';

interface SidebarSectionProps {
  title: string;
  /** Buttons beside the title (plus, join with a code). */
  actions?: ReactNode;
  children: ReactNode;
}

/**
 * docs/product.md §2: a collapsible sidebar section, open at first (WAI-ARIA's disclosure: a
 * button that says whether what it controls is shown).
 */
function SidebarSection({ title, actions, children }: SidebarSectionProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(true);
  const contentId = useId();
  return (
    <section aria-label={title} className="grid gap-1">
      <div className="flex items-center gap-1 pr-1">
        <button
          type="button"
          aria-expanded={open}
          aria-controls={contentId}
          onClick={() => setOpen(!open)}
          aria-label={t('layout.sidebar.toggleSection', { section: title })}
          className="group flex flex-1 cursor-pointer items-center gap-1 rounded-md px-1.5 py-1 font-semibold text-muted-foreground text-xs uppercase tracking-wider outline-none hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring"
        >
          <ChevronDownIcon
            aria-hidden
            className="size-3.5 transition-transform group-aria-[expanded=false]:-rotate-90"
          />
          <span>{title}</span>
        </button>
        {actions}
      </div>
      <div id={contentId} hidden={!open}>
        {children}
      </div>
    </section>
  );
}

export interface SidebarProps {
  /** The sections the features contribute (app/shell/sidebar-sections.ts), in order. */
  sections: readonly SidebarSectionContribution[];
  /** Rendered above the sections (the mobile menu puts its search entry here). */
  header?: ReactNode;
  /** Entries above the sections (the followed threads). */
  top?: ReactNode;
  /** Called after a selection, and before a dialog opens (the mobile menu closes). */
  onNavigate?: () => void;
  /** Below the sections, always in view (the voice bar). */
  footer?: ReactNode;
  className?: string;
}

/** docs/product.md §2: the 280 px sidebar, made of the sections the features contribute. */
export function Sidebar({ sections, header, top, onNavigate, footer, className }: SidebarProps) {
  const { t } = useTranslation();
  return (
    <div
      style={{ '--sidebar-width': `${SIDEBAR_WIDTH_PX}px` } as CSSProperties}
      className={cn('flex h-full w-(--sidebar-width) shrink-0 flex-col bg-sidebar', className)}
    >
      {header}
      <ScrollArea className="min-h-0 flex-1">
        <nav aria-label={t('layout.sidebar.label')} className="grid gap-5 px-2 py-3">
          {top ? <div className="grid gap-1">{top}</div> : null}
          {sections.map(({ id, titleKey, Actions, Content }) => (
            <SidebarSection
              key={id}
              title={t(titleKey)}
              actions={Actions ? <Actions onNavigate={onNavigate} /> : null}
            >
              <Content onNavigate={onNavigate} />
            </SidebarSection>
          ))}
        </nav>
      </ScrollArea>
      {footer}
    </div>
  );
}
