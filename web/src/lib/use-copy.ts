import { useEffect, useRef, useState } from 'react';
import { LINK_COPIED_RESET_MS } from '#shared/limits';
import { writeClipboard } from '@/lib/clipboard';

/** Copies text; `copied` stays true for 2 s (docs/product.md §9: link-copied indicator reset). */
export function useCopy() {
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const copy = async (text: string): Promise<void> => {
    await writeClipboard(text);
    setCopied(true);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setCopied(false), LINK_COPIED_RESET_MS);
  };
  return { copied, copy };
}
