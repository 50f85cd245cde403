/** A native select styled like the Input primitive (accessible, and right on phones). */
export const SELECT_CLASS =
  'h-9 w-full rounded-md border border-input bg-transparent px-3 text-sm outline-none focus-visible:border-ring focus-visible:ring-2 focus-visible:ring-ring/40 dark:bg-input/30 [&>option]:bg-popover';
