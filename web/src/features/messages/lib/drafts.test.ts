import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/** localStorage as the browser has it (the web project runs in Node, which has none). */
function memoryStorage() {
  const items = new Map<string, string>();
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
    items,
  };
}

describe('drafts', () => {
  let storage: ReturnType<typeof memoryStorage>;
  beforeEach(() => {
    vi.resetModules();
    vi.useFakeTimers();
    storage = memoryStorage();
    vi.stubGlobal('localStorage', storage);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('keeps a draft per channel and thread in memory at once, in storage after a pause', async () => {
    const { draftKey, getDraft, setDraft } = await import('./drafts');
    setDraft('u1', draftKey('c1'), 'Bonjour');
    setDraft('u1', draftKey('c1', 'm1'), 'Dans le fil');
    expect(getDraft('u1', 'c1')).toBe('Bonjour');
    expect(getDraft('u1', 'c1:m1')).toBe('Dans le fil');
    expect(storage.items.size).toBe(0);
    vi.advanceTimersByTime(1000);
    expect(JSON.parse(storage.items.get('ruche:drafts:u1') ?? '{}')).toEqual({
      c1: 'Bonjour',
      'c1:m1': 'Dans le fil',
    });
  });

  it('reads another page’s drafts back, per user, and drops a cleared one', async () => {
    storage.setItem('ruche:drafts:u1', JSON.stringify({ c1: 'Reprise', c2: 42 }));
    const { getDraft, setDraft } = await import('./drafts');
    expect(getDraft('u1', 'c1')).toBe('Reprise');
    expect(getDraft('u1', 'c2')).toBe('');
    expect(getDraft('u2', 'c1')).toBe('');
    expect(getDraft('u1', 'c1')).toBe('Reprise');
    setDraft('u1', 'c1', '   ');
    vi.advanceTimersByTime(1000);
    expect(storage.items.has('ruche:drafts:u1')).toBe(false);
  });

  it('tells the sidebar only when a channel gains or loses its draft', async () => {
    const { draftsSnapshot, hasDraft, setDraft, subscribeDrafts } = await import('./drafts');
    const listener = vi.fn();
    subscribeDrafts(listener);
    setDraft('u1', 'c1', 'a');
    setDraft('u1', 'c1', 'ab');
    setDraft('u1', 'c3:m9', 'fil');
    expect(listener).toHaveBeenCalledTimes(2);
    const snapshot = draftsSnapshot('u1');
    expect(hasDraft(snapshot, 'c1')).toBe(true);
    expect(hasDraft(snapshot, 'c3')).toBe(true);
    expect(hasDraft(snapshot, 'c4')).toBe(false);
    setDraft('u1', 'c1', '');
    expect(listener).toHaveBeenCalledTimes(3);
    expect(hasDraft(draftsSnapshot('u1'), 'c1')).toBe(false);
  });
});
