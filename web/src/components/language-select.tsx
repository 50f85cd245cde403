import { LanguagesIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '@/components/ui/select';
import '@/lib/i18n';
import { cn } from '@/lib/utils';

/** Languages with a catalogue. docs/product.md §1: French only for now; i18n sets `dir` for RTL ones. */
const LANGUAGES = ['fr'] as const;

export function LanguageSelect({ className }: { className?: string }) {
  const { t, i18n } = useTranslation();
  return (
    <Select
      value={i18n.resolvedLanguage ?? 'fr'}
      onValueChange={(lng) => void i18n.changeLanguage(lng)}
    >
      <SelectTrigger
        aria-label={t('common.language.label')}
        className={cn(
          'h-9 w-auto gap-1.5 border-transparent px-2 sm:px-3 bg-transparent shadow-none hover:bg-accent dark:bg-transparent',
          className,
        )}
      >
        <LanguagesIcon aria-hidden className="hidden text-muted-foreground sm:block" />
        <SelectValue />
      </SelectTrigger>
      <SelectContent align="end">
        {LANGUAGES.map((lng) => (
          <SelectItem key={lng} value={lng}>
            {t(`common.language.${lng}`)}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}
