import { AtSignIcon, HashIcon, LockIcon, type LucideProps, Volume2Icon } from 'lucide-react';
import type { ChannelType } from '#shared/limits';

const ICONS = {
  channel: HashIcon,
  group: LockIcon,
  voice: Volume2Icon,
  direct: AtSignIcon,
} as const;

/** docs/product.md §2: each sidebar item shows an icon for its type. */
export function ChannelTypeIcon({ type, ...props }: LucideProps & { type: ChannelType }) {
  const Icon = ICONS[type];
  return <Icon aria-hidden {...props} />;
}
