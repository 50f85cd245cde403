import { describe, expect, it } from 'vitest';
import { frenchTypographyProblems } from '#shared/typography';
import fr from './fr.json';

function* entries(node: unknown, key = ''): Generator<[string, string]> {
  if (typeof node === 'string') yield [key, node];
  else if (node && typeof node === 'object') {
    for (const [name, value] of Object.entries(node)) {
      yield* entries(value, key ? `${key}.${name}` : name);
    }
  }
}

describe('the French catalogue (issue 45, item 6)', () => {
  it('uses French typography: ’, U+202F before ; ! ?, U+00A0 before : and inside « »', () => {
    const wrong = [...entries(fr)].flatMap(([key, text]) =>
      frenchTypographyProblems(text).map((problem) => `${key}: ${problem}`),
    );
    expect(wrong).toEqual([]);
  });
});
