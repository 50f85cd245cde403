import type { LucideIcon } from 'lucide-react';

/** An honest placeholder for a tab whose feature is not built yet: no fake content. */
export function ComingSoon({
  icon: Icon,
  title,
  description,
}: {
  icon: LucideIcon;
  title: string;
  description: string;
}) {
  return (
    <div className="grid h-full min-h-64 place-items-center p-6">
      <div className="grid max-w-sm justify-items-center gap-3 text-center">
        <span className="flex size-14 items-center justify-center rounded-2xl border border-dashed border-primary/40 bg-primary/10 text-primary">
          <Icon aria-hidden className="size-6" />
        </span>
        <h3 className="font-semibold text-base">{title}</h3>
        <p className="text-muted-foreground text-sm leading-relaxed">{description}</p>
      </div>
    </div>
  );
}
