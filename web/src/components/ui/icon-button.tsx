import { Button, type ButtonProps } from '@/components/ui/button';

export interface IconButtonProps extends Omit<ButtonProps, 'size' | 'aria-label'> {
  /**
   * The accessible name, required: a button that shows only an icon must still say what it
   * does to a screen reader (WCAG 4.1.2).
   */
  label: string;
  size?: 'icon' | 'icon-sm';
}

/**
 * A button that shows only an icon (the icon itself is `aria-hidden`): ghost and square by
 * default. With `asChild`, the link it wraps (a router Link, a download link) takes the
 * button's look and the label as its accessible name.
 */
export function IconButton({ label, variant = 'ghost', size = 'icon', ...props }: IconButtonProps) {
  return <Button variant={variant} size={size} aria-label={label} {...props} />;
}
