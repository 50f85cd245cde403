import { SearchIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  Sheet,
  SheetContent,
  SheetDescription,
  SheetHeader,
  SheetTitle,
} from '@/components/ui/sheet';
import type { PhoneChrome } from './mobile-nav';

interface MobileMenuProps {
  chrome: PhoneChrome;
  /** The logo, the sheet's title. */
  logo: ReactNode;
  /** Beside it: the theme and the user menu (the top bar's, in its stead on a channel). */
  tools: ReactNode;
  /** The sidebar shown in the slide-in menu. */
  sidebar: (props: { header: ReactNode; onNavigate: () => void }) => ReactNode;
  onSearch?: () => void;
}

/**
 * docs/product.md §2: on phones, the slide-in menu with the sidebar, a search entry, the theme
 * and the user menu (also reachable where a screen's own header replaces the top bar).
 */
export function MobileMenuSheet({ chrome, logo, tools, sidebar, onSearch }: MobileMenuProps) {
  const { t } = useTranslation();
  const { menuOpen, setMenuOpen, opener } = chrome;
  const searchEntry = (
    <div className="border-b p-3">
      <button
        type="button"
        onClick={() => {
          setMenuOpen(false);
          onSearch?.();
        }}
        className="flex h-11 w-full cursor-pointer items-center gap-2 rounded-lg border bg-background/60 px-3 text-muted-foreground text-sm outline-none transition-colors hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring"
      >
        <SearchIcon aria-hidden className="size-4" />
        {t('layout.rail.search')}
      </button>
    </div>
  );
  return (
    <Sheet open={menuOpen} onOpenChange={setMenuOpen}>
      <SheetContent
        side="left"
        className="w-[300px] max-w-[85vw] gap-0 bg-sidebar p-0"
        onCloseAutoFocus={(event) => {
          // No trigger of its own: back to the button that opened it, if still there.
          event.preventDefault();
          if (opener.current?.isConnected) opener.current.focus();
        }}
      >
        <SheetHeader className="h-14 flex-row items-center gap-1 border-b py-0 pr-11 pl-4">
          <SheetTitle asChild>{logo}</SheetTitle>
          <SheetDescription className="sr-only">
            {t('layout.mobile.menuDescription')}
          </SheetDescription>
          <div className="ml-auto flex items-center gap-1">{tools}</div>
        </SheetHeader>
        {sidebar({ header: searchEntry, onNavigate: () => setMenuOpen(false) })}
      </SheetContent>
    </Sheet>
  );
}
