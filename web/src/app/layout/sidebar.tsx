import {
  ChevronDownIcon,
  HashIcon,
  KeyRoundIcon,
  LockIcon,
  type LucideIcon,
  PlusIcon,
  Volume2Icon,
} from 'lucide-react';
import { type CSSProperties, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type ChannelType, SIDEBAR_WIDTH_PX, SKELETON_ROWS } from '#shared/limits';
import { Collapsible, CollapsibleContent, CollapsibleTrigger } from '@/components/ui/collapsible';
import { ScrollArea } from '@/components/ui/scroll-area';
import { Skeleton } from '@/components/ui/skeleton';
import { Tooltip, TooltipContent, TooltipTrigger } from '@/components/ui/tooltip';
import { cn } from '@/lib/utils';

/** What the sidebar needs of a channel: the channels feature maps its list onto this. */
export interface SidebarChannel {
  id: string;
  name: string;
  type: ChannelType;
}

const TYPE_ICONS: Record<Exclude<ChannelType, 'direct'>, LucideIcon> = {
  channel: HashIcon,
  group: LockIcon,
  voice: Volume2Icon,
};

function ItemIcon({ item }: { item: SidebarChannel }) {
  if (item.type === 'direct') {
    return (
      <span
        aria-hidden
        className="flex size-5 shrink-0 items-center justify-center rounded-full bg-primary/15 font-semibold text-[10px] text-primary uppercase"
      >
        {item.name.slice(0, 1)}
      </span>
    );
  }
  const Icon = TYPE_ICONS[item.type];
  return <Icon aria-hidden className="size-4 shrink-0 opacity-70" />;
}

interface ItemListProps {
  items: SidebarChannel[];
  activeId?: string | null;
  onSelect?: (id: string) => void;
}

function SidebarItems({ items, activeId, onSelect }: ItemListProps) {
  return (
    <ul className="grid gap-px">
      {items.map((item) => {
        const active = item.id === activeId;
        return (
          <li key={item.id}>
            <button
              type="button"
              aria-current={active ? 'true' : undefined}
              onClick={() => onSelect?.(item.id)}
              className={cn(
                'flex w-full cursor-pointer items-center gap-2 rounded-md px-2 py-1.5 text-left text-muted-foreground text-sm outline-none transition-colors hover:bg-accent hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring',
                active && 'bg-primary/15 font-medium text-foreground hover:bg-primary/20',
              )}
            >
              <ItemIcon item={item} />
              <span className="truncate">{item.name}</span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}

function SectionAction({
  label,
  icon: Icon,
  onClick,
}: {
  label: string;
  icon: LucideIcon;
  onClick?: () => void;
}) {
  return (
    <Tooltip>
      <TooltipTrigger asChild>
        <button
          type="button"
          aria-label={label}
          onClick={onClick}
          className="flex size-6 cursor-pointer items-center justify-center rounded-md text-muted-foreground outline-none transition-colors hover:bg-accent hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring"
        >
          <Icon aria-hidden className="size-4" />
        </button>
      </TooltipTrigger>
      <TooltipContent side="top">{label}</TooltipContent>
    </Tooltip>
  );
}

interface SidebarSectionProps extends ItemListProps {
  title: string;
  emptyText: string;
  isLoading?: boolean;
  /** Show the skeleton rows while loading (one section carries them, SPEC §9: five rows). */
  showSkeleton?: boolean;
  /** Buttons beside the title (plus, join with a code). */
  actions?: ReactNode;
  /** The section's own content (the channels feature's lists), instead of `items`. */
  children?: ReactNode;
}

/** SPEC §2: a collapsible sidebar section, open at first. */
export function SidebarSection({
  title,
  emptyText,
  isLoading = false,
  showSkeleton = true,
  actions,
  children,
  ...list
}: SidebarSectionProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(true);
  return (
    <Collapsible open={open} onOpenChange={setOpen} asChild>
      <section aria-label={title} className="grid gap-1">
        <div className="flex items-center gap-1 pr-1">
          <CollapsibleTrigger
            aria-label={t('layout.sidebar.toggleSection', { section: title })}
            className="group flex flex-1 cursor-pointer items-center gap-1 rounded-md px-1.5 py-1 font-semibold text-muted-foreground text-xs uppercase tracking-wider outline-none hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring"
          >
            <ChevronDownIcon
              aria-hidden
              className="size-3.5 transition-transform group-data-[state=closed]:-rotate-90"
            />
            <span>{title}</span>
          </CollapsibleTrigger>
          {actions}
        </div>
        <CollapsibleContent>
          {children ? (
            children
          ) : isLoading ? (
            showSkeleton ? (
              <SidebarSkeleton />
            ) : null
          ) : list.items.length === 0 ? (
            <p className="px-2 py-1.5 text-muted-foreground/80 text-sm italic">{emptyText}</p>
          ) : (
            <SidebarItems {...list} />
          )}
        </CollapsibleContent>
      </section>
    </Collapsible>
  );
}

// Distinct widths, so that the placeholder reads as a list of names.
const SKELETON_WIDTHS = Array.from({ length: SKELETON_ROWS }, (_, row) => 55 + ((row * 17) % 35));

/** SPEC §9: five skeleton rows while the list loads. */
export function SidebarSkeleton() {
  const { t } = useTranslation();
  return (
    <div role="status" aria-label={t('layout.sidebar.loading')} className="grid gap-1.5 px-2 py-1">
      {SKELETON_WIDTHS.map((width) => (
        <div key={width} className="flex items-center gap-2 py-1">
          <Skeleton className="size-4 rounded" />
          <Skeleton className="h-3.5" style={{ width: `${width}%` }} />
        </div>
      ))}
    </div>
  );
}

export interface ChannelSidebarProps {
  /** Every channel of the user; split by type into the two sections (SPEC §2). */
  items: SidebarChannel[];
  isLoading?: boolean;
  activeChannelId?: string | null;
  onSelect?: (id: string) => void;
  onCreateChannel?: () => void;
  onJoinWithCode?: () => void;
  onStartConversation?: () => void;
  /** Rendered above the sections (the mobile menu puts its search entry here). */
  header?: ReactNode;
  /** The sections' contents when the channels feature renders its own lists. */
  channelsContent?: ReactNode;
  directContent?: ReactNode;
  className?: string;
}

/** SPEC §2: the 280 px channel list with its "Canaux" and "Messages directs" sections. */
export function ChannelSidebar({
  items,
  isLoading = false,
  activeChannelId,
  onSelect,
  onCreateChannel,
  onJoinWithCode,
  onStartConversation,
  header,
  channelsContent,
  directContent,
  className,
}: ChannelSidebarProps) {
  const { t } = useTranslation();
  const channels = items.filter((item) => item.type !== 'direct');
  const directs = items.filter((item) => item.type === 'direct');
  return (
    <div
      style={{ '--sidebar-width': `${SIDEBAR_WIDTH_PX}px` } as CSSProperties}
      className={cn('flex h-full w-(--sidebar-width) shrink-0 flex-col bg-sidebar', className)}
    >
      {header}
      <ScrollArea className="min-h-0 flex-1">
        <nav aria-label={t('layout.sidebar.label')} className="grid gap-5 px-2 py-3">
          <SidebarSection
            title={t('layout.sidebar.channels')}
            emptyText={t('layout.sidebar.noChannels')}
            isLoading={isLoading}
            items={channels}
            activeId={activeChannelId}
            onSelect={onSelect}
            actions={
              <>
                <SectionAction
                  label={t('layout.sidebar.joinWithCode')}
                  icon={KeyRoundIcon}
                  onClick={onJoinWithCode}
                />
                <SectionAction
                  label={t('layout.sidebar.createChannel')}
                  icon={PlusIcon}
                  onClick={onCreateChannel}
                />
              </>
            }
          >
            {channelsContent}
          </SidebarSection>
          <SidebarSection
            title={t('layout.sidebar.directMessages')}
            emptyText={t('layout.sidebar.noDirectMessages')}
            isLoading={isLoading}
            showSkeleton={false}
            items={directs}
            activeId={activeChannelId}
            onSelect={onSelect}
            actions={
              <SectionAction
                label={t('layout.sidebar.startConversation')}
                icon={PlusIcon}
                onClick={onStartConversation}
              />
            }
          >
            {directContent}
          </SidebarSection>
        </nav>
      </ScrollArea>
    </div>
  );
}
