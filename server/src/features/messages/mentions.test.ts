import { describe, expect, it } from 'vitest';
import { mentionCandidates } from './mentions';

describe('mentionCandidates', () => {
  it('gives every handle an "@" may start, up to each boundary', () => {
    expect(mentionCandidates('Salut @Jean Dupont, tu viens ?')).toEqual(
      expect.arrayContaining(['jean', 'jean dupont', 'jean dupont,']),
    );
    expect(mentionCandidates('cc @bob@exemple.fr.')).toEqual(
      expect.arrayContaining(['bob', 'bob@exemple', 'bob@exemple.fr']),
    );
  });

  it('ignores an "@" inside a word, and handles with outer spaces', () => {
    expect(mentionCandidates('écrire à bob@exemple.fr')).toEqual([]);
    expect(mentionCandidates('@ jean')).toEqual([]);
  });

  it('stays bounded on an adversarial message, at once', () => {
    const started = performance.now();
    const handles = mentionCandidates('@'.repeat(10_000));
    expect(handles.length).toBeLessThanOrEqual(50 * 12);
    const words = mentionCandidates(`${'@a '.repeat(3_000)}`);
    expect(words).toEqual(expect.arrayContaining(['a']));
    expect(performance.now() - started).toBeLessThan(50);
  });
});
