type Translate = (key: string, options?: Record<string, unknown>) => string;

/** docs/product.md §2: one name, two names joined by "et", a generic text for more; null for nobody. */
export function typingText(names: readonly string[], t: Translate): string | null {
  const [first, second] = names;
  if (first === undefined) return null;
  if (second === undefined) return t('typing.one', { name: first });
  if (names.length === 2) return t('typing.two', { first, second });
  return t('typing.many');
}
