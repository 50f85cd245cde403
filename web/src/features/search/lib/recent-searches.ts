const KEY = 'ruche.search.recent';
const MAX = 8;

/** The last searches made on this device, newest first (localStorage; none if unavailable). */
export function readRecentSearches(): string[] {
  try {
    const value: unknown = JSON.parse(localStorage.getItem(KEY) ?? '[]');
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
  } catch {
    return [];
  }
}

export function rememberSearch(q: string): string[] {
  const query = q.trim();
  const next = [query, ...readRecentSearches().filter((r) => r !== query)].slice(0, MAX);
  try {
    localStorage.setItem(KEY, JSON.stringify(next));
  } catch {
    // Private browsing or a full store: the list is a convenience.
  }
  return next;
}

export function clearRecentSearches(): void {
  try {
    localStorage.removeItem(KEY);
  } catch {
    // Nothing to clear.
  }
}
