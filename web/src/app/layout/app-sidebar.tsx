import type { ReactNode } from 'react';
import { ThreadsSidebarLink } from '@/features/messages';
import { MyDaySidebarLink } from '@/features/my-day';
import { SavedSidebarLink } from '@/features/pins';
import { RemindersSidebarLink } from '@/features/reminders';
import { VoiceBar } from '@/features/voice';
import { sidebarSections } from '../shell/sidebar-sections';
import { Sidebar } from './sidebar';

interface AppSidebarProps {
  header?: ReactNode;
  onNavigate?: () => void;
  className?: string;
}

/**
 * The sidebar wired to the app: the sections the features contribute (the channels
 * feature's lists, with their dialogs). `onNavigate` closes the mobile menu after a
 * selection, and before a dialog opens over it.
 */
export function AppSidebar({ header, onNavigate, className }: AppSidebarProps) {
  return (
    <Sidebar
      sections={sidebarSections}
      header={header}
      top={
        <>
          <MyDaySidebarLink onNavigate={onNavigate} />
          <ThreadsSidebarLink onNavigate={onNavigate} />
          <SavedSidebarLink onNavigate={onNavigate} />
          <RemindersSidebarLink onNavigate={onNavigate} />
        </>
      }
      onNavigate={onNavigate}
      footer={<VoiceBar variant="sidebar" onNavigate={onNavigate} />}
      className={className}
    />
  );
}
