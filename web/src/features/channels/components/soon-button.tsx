import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Tooltip, TooltipContent, TooltipTrigger } from '@/components/ui/tooltip';

/**
 * A header action whose feature comes later: focusable (so its tooltip can be read) but
 * inert, and announced as unavailable.
 */
export function SoonButton({ label, children }: { label: string; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Tooltip>
      <TooltipTrigger asChild>
        <Button
          type="button"
          variant="ghost"
          size="icon"
          aria-label={label}
          aria-disabled="true"
          aria-description={t('channelView.comingSoon')}
          onClick={(event) => event.preventDefault()}
          className="cursor-not-allowed text-muted-foreground opacity-60 hover:bg-transparent hover:text-muted-foreground"
        >
          {children}
        </Button>
      </TooltipTrigger>
      <TooltipContent side="bottom">
        {label} · {t('channelView.comingSoon')}
      </TooltipContent>
    </Tooltip>
  );
}
