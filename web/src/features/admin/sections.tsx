import {
  ArchiveRestoreIcon,
  HashIcon,
  HeartPulseIcon,
  type LucideIcon,
  MoonIcon,
  ScrollTextIcon,
  UsersIcon,
} from 'lucide-react';
import { type ComponentType, type LazyExoticComponent, lazy } from 'react';

/**
 * The administration console's sections, in order (issue 48 item 1): each feature that
 * administers something adds one line here, with its own screen loaded on demand. `id` is the
 * path under /admin; `label` a key of the catalogue.
 */
export interface AdminSection {
  id: string;
  label: string;
  icon: LucideIcon;
  Screen: LazyExoticComponent<ComponentType>;
}

export const ADMIN_SECTIONS: AdminSection[] = [
  {
    id: 'users',
    label: 'adminConsole.sections.users',
    icon: UsersIcon,
    Screen: lazy(() => import('./users/users-section').then((m) => ({ default: m.UsersSection }))),
  },
  {
    id: 'channels',
    label: 'adminConsole.sections.channels',
    icon: HashIcon,
    Screen: lazy(() =>
      import('./channels/channels-section').then((m) => ({ default: m.ChannelsSection })),
    ),
  },
  {
    id: 'audit',
    label: 'adminConsole.sections.audit',
    icon: ScrollTextIcon,
    Screen: lazy(() => import('./audit/audit-section').then((m) => ({ default: m.AuditSection }))),
  },
  {
    id: 'instance',
    label: 'adminConsole.sections.instance',
    icon: HeartPulseIcon,
    Screen: lazy(() =>
      import('./instance/instance-section').then((m) => ({ default: m.InstanceSection })),
    ),
  },
  {
    id: 'retention',
    label: 'adminConsole.sections.retention',
    icon: ArchiveRestoreIcon,
    Screen: lazy(() =>
      import('./retention/retention-section').then((m) => ({ default: m.RetentionSection })),
    ),
  },
  {
    id: 'disconnect',
    label: 'adminConsole.sections.disconnect',
    icon: MoonIcon,
    Screen: lazy(() =>
      import('@/features/disconnect/components/admin-section').then((m) => ({
        default: m.DisconnectSection,
      })),
    ),
  },
];
