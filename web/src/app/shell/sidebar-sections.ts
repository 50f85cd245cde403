import { channelsSection, directMessagesSection } from '@/features/channels';
import type { SidebarSectionContribution } from '@/lib/shell';

/**
 * The sidebar's sections, top to bottom. A feature adds its section by exporting a
 * `SidebarSectionContribution` and listing it here (one line).
 */
export const sidebarSections: readonly SidebarSectionContribution[] = [
  channelsSection,
  directMessagesSection,
];
