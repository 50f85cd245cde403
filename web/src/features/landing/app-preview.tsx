import { HashIcon, LockIcon, Volume2Icon } from 'lucide-react';
import { LogoMark } from '@/components/brand/logo';

const BAR = 'rounded-full bg-foreground/10';

function PreviewMessage({ tone, widths }: { tone: string; widths: string[] }) {
  return (
    <div className="flex gap-3">
      <div className={`size-8 shrink-0 rounded-full ${tone}`} />
      <div className="grid flex-1 gap-1.5 pt-0.5">
        <div className="flex items-center gap-2">
          <div className="h-2.5 w-20 rounded-full bg-foreground/25" />
          <div className="h-2 w-10 rounded-full bg-foreground/10" />
        </div>
        {widths.map((width) => (
          <div key={width} className={`h-2.5 ${BAR}`} style={{ width }} />
        ))}
      </div>
    </div>
  );
}

/** A wordless sketch of the workspace beside the hero: decoration only, hidden from readers. */
export function AppPreview() {
  return (
    <div aria-hidden className="relative mx-auto w-full max-w-4xl text-left">
      <div className="absolute -inset-6 rounded-[2rem] bg-primary/10 blur-3xl" />
      <div className="relative flex h-[320px] overflow-hidden rounded-2xl border bg-card shadow-2xl shadow-black/40 ring-1 ring-white/5 sm:h-[400px]">
        <div className="flex w-12 shrink-0 flex-col items-center gap-3 border-r bg-rail py-3">
          <LogoMark className="size-7" />
          {[0, 1, 2, 3].map((i) => (
            <div key={i} className="size-6 rounded-lg bg-foreground/10" />
          ))}
          <div className="mt-auto size-7 rounded-full bg-primary/30" />
        </div>
        <div className="hidden w-52 shrink-0 flex-col gap-2 border-r bg-sidebar p-3 sm:flex">
          <div className="mb-1 h-2 w-14 rounded-full bg-foreground/20" />
          {[HashIcon, HashIcon, LockIcon, Volume2Icon].map((Icon, i) => (
            <div
              // biome-ignore lint/suspicious/noArrayIndexKey: static decoration
              key={i}
              className={`flex items-center gap-2 rounded-md px-1.5 py-1 ${i === 0 ? 'bg-primary/15 text-primary' : 'text-muted-foreground'}`}
            >
              <Icon className="size-3.5" />
              <div
                className={`h-2 rounded-full ${i === 0 ? 'bg-primary/50' : 'bg-foreground/15'}`}
                style={{ width: `${60 - i * 8}%` }}
              />
            </div>
          ))}
          <div className="mt-3 mb-1 h-2 w-16 rounded-full bg-foreground/20" />
          {[0, 1].map((i) => (
            <div key={i} className="flex items-center gap-2 px-1.5 py-1">
              <div className="size-3.5 rounded-full bg-foreground/20" />
              <div className="h-2 w-16 rounded-full bg-foreground/15" />
            </div>
          ))}
        </div>
        <div className="flex min-w-0 flex-1 flex-col">
          <div className="flex h-11 items-center gap-2 border-b px-4">
            <HashIcon className="size-4 text-muted-foreground" />
            <div className="h-2.5 w-24 rounded-full bg-foreground/25" />
          </div>
          <div className="grid flex-1 content-start gap-5 p-4">
            <PreviewMessage tone="bg-amber-400/70" widths={['85%', '60%']} />
            <PreviewMessage tone="bg-sky-400/60" widths={['70%']} />
            <div className="ml-11 flex gap-1.5">
              <div className="h-5 w-10 rounded-full border border-primary/40 bg-primary/10" />
              <div className="h-5 w-10 rounded-full border bg-foreground/5" />
            </div>
            <PreviewMessage tone="bg-emerald-400/60" widths={['78%', '45%']} />
          </div>
          <div className="m-3 flex h-10 items-center gap-2 rounded-xl border bg-background/60 px-3">
            <div className="h-2 w-1/3 rounded-full bg-foreground/10" />
            <div className="ml-auto size-6 rounded-lg bg-primary/80" />
          </div>
        </div>
      </div>
    </div>
  );
}
