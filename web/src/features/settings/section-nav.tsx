import { type RefObject, useCallback, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '@/components/ui/select';
import { cn } from '@/lib/utils';

export interface SettingsSection {
  id: string;
  label: string;
}

/** Where a section counts as the one being read: its top has passed this share of the view. */
const READING_LINE = 0.35;

const labelOf = (section: HTMLElement): string => {
  const labelledBy = section.getAttribute('aria-labelledby');
  const byId = labelledBy ? document.getElementById(labelledBy)?.textContent : null;
  return (
    section.getAttribute('aria-label') ??
    byId ??
    section.querySelector('h2')?.textContent ??
    ''
  ).trim();
};

const slug = (label: string) =>
  label
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

const prefersReducedMotion = () => window.matchMedia('(prefers-reduced-motion: reduce)').matches;

/** The element the cards scroll in (the page's own scroll area), or the window. */
function scrollerOf(element: HTMLElement): HTMLElement | Window {
  for (let e = element.parentElement; e; e = e.parentElement) {
    const { overflowY } = getComputedStyle(e);
    if (overflowY === 'auto' || overflowY === 'scroll') return e;
  }
  return window;
}

const scrolledToTop = (scroller: HTMLElement | Window) =>
  (scroller instanceof Window ? scroller.scrollY : scroller.scrollTop) <= 1;

/**
 * The settings' cards, read from the page itself (each a <section> child of `container`, named
 * by its title): features add cards, some only for some people (administration, SSO), and the
 * navigation follows whatever is there. `current` is the card being read, kept as one scrolls.
 */
export function useSettingsSections(container: RefObject<HTMLElement | null>) {
  const [sections, setSections] = useState<SettingsSection[]>([]);
  const [current, setCurrent] = useState<string | null>(null);
  // A card chosen in the navigation stays the current one until the person scrolls on.
  const chosen = useRef<string | null>(null);

  useEffect(() => {
    const root = container.current;
    if (!root) return;
    let elements: HTMLElement[] = [];
    let scroller: HTMLElement | Window = window;
    const pickCurrent = () => {
      if (chosen.current) return setCurrent(chosen.current);
      // At the top, the first card is the one being read, however short it is.
      if (scrolledToTop(scroller)) return setCurrent(elements[0]?.id ?? null);
      const line = window.innerHeight * READING_LINE;
      const passed = elements.filter((e) => e.getBoundingClientRect().top <= line);
      setCurrent((passed.at(-1) ?? elements[0])?.id ?? null);
    };
    const observer = new IntersectionObserver(pickCurrent, {
      rootMargin: `-${READING_LINE * 100}% 0px -${100 - READING_LINE * 100}% 0px`,
    });
    const read = () => {
      observer.disconnect();
      elements = [...root.querySelectorAll<HTMLElement>(':scope > section')].filter(
        (e) => labelOf(e) !== '',
      );
      const found = elements.map((e) => {
        const label = labelOf(e);
        e.id ||= `reglages-${slug(label)}`;
        // Focus moves to the card a link leads to (keyboard and screen reader users).
        if (!e.hasAttribute('tabindex')) e.tabIndex = -1;
        observer.observe(e);
        return { id: e.id, label };
      });
      setSections((before) =>
        before.length === found.length &&
        before.every((s, i) => s.id === found[i]?.id && s.label === found[i]?.label)
          ? before
          : found,
      );
      pickCurrent();
    };
    read();
    // The band's crossings miss a jump straight to the top: each scroll frame checks too.
    scroller = scrollerOf(root);
    let frame = 0;
    const onScroll = () => {
      frame ||= requestAnimationFrame(() => {
        frame = 0;
        pickCurrent();
      });
    };
    scroller.addEventListener('scroll', onScroll, { passive: true });
    const mutations = new MutationObserver(read);
    mutations.observe(root, { childList: true });
    const release = () => {
      chosen.current = null;
    };
    const events = ['wheel', 'touchmove', 'keydown'] as const;
    for (const e of events) window.addEventListener(e, release, { capture: true, passive: true });
    return () => {
      observer.disconnect();
      mutations.disconnect();
      scroller.removeEventListener('scroll', onScroll);
      cancelAnimationFrame(frame);
      for (const e of events) window.removeEventListener(e, release, { capture: true });
    };
  }, [container]);

  const go = useCallback((id: string) => {
    const target = document.getElementById(id);
    if (!target) return;
    chosen.current = id;
    setCurrent(id);
    target.scrollIntoView({ behavior: prefersReducedMotion() ? 'auto' : 'smooth', block: 'start' });
    target.focus({ preventScroll: true });
  }, []);

  return { sections, current, go };
}

interface SectionNavProps {
  sections: SettingsSection[];
  current: string | null;
  onGo: (id: string) => void;
}

/** Beside the cards on a wide screen: every card as a link, the one being read marked. */
export function SettingsSectionList({ sections, current, onGo }: SectionNavProps) {
  const { t } = useTranslation();
  return (
    <nav aria-label={t('settings.sections.label')} className="sticky top-10 hidden lg:block">
      <ul className="grid gap-0.5 border-s">
        {sections.map((s) => (
          <li key={s.id}>
            <a
              href={`#${s.id}`}
              aria-current={s.id === current ? 'location' : undefined}
              onClick={(e) => {
                e.preventDefault();
                onGo(s.id);
              }}
              className={cn(
                '-ms-px block border-s-2 border-transparent py-1.5 ps-3 text-muted-foreground text-sm outline-none transition-colors hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring',
                s.id === current && 'border-primary font-medium text-foreground',
              )}
            >
              {s.label}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** On a phone: one menu, kept at the top while scrolling, that jumps to a card. */
export function SettingsJumpMenu({ sections, current, onGo }: SectionNavProps) {
  const { t } = useTranslation();
  const id = useId();
  if (sections.length === 0) return null;
  return (
    <nav
      aria-label={t('settings.sections.label')}
      className="sticky top-0 z-10 -mx-4 border-b bg-background/95 px-4 py-2 backdrop-blur sm:-mx-6 sm:px-6 lg:hidden"
    >
      <label htmlFor={id} className="sr-only">
        {t('settings.sections.jump')}
      </label>
      <Select value={current ?? undefined} onValueChange={onGo}>
        <SelectTrigger id={id} className="h-9">
          <SelectValue placeholder={t('settings.sections.jump')} />
        </SelectTrigger>
        <SelectContent>
          {sections.map((s) => (
            <SelectItem key={s.id} value={s.id}>
              {s.label}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </nav>
  );
}
