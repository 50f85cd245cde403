import { MoonIcon, SunIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button, type ButtonProps } from '@/components/ui/button';
import { useTheme } from '@/lib/use-theme';

/** docs/product.md §2 shared UI: switches between light and dark, remembered in local storage. */
export function ThemeToggle({ variant = 'ghost', size = 'icon', onClick, ...props }: ButtonProps) {
  const { t } = useTranslation();
  const { theme, toggleTheme } = useTheme();
  return (
    <Button
      type="button"
      variant={variant}
      size={size}
      aria-label={theme === 'dark' ? t('common.theme.toLight') : t('common.theme.toDark')}
      data-theme={theme}
      onClick={(event) => {
        onClick?.(event);
        toggleTheme();
      }}
      {...props}
    >
      {theme === 'dark' ? <SunIcon aria-hidden /> : <MoonIcon aria-hidden />}
    </Button>
  );
}
