import { describe, expect, it } from 'vitest';
import fr from '../../../locales/fr.json';
import { typingText } from './typing-text';

/** The catalogue itself, with i18next's {{name}} interpolation. */
const t = (key: string, options: Record<string, unknown> = {}) => {
  const template = key.split('.').reduce<unknown>((node, part) => {
    return (node as Record<string, unknown>)[part];
  }, fr) as string;
  return template.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(options[name]));
};

describe('typingText', () => {
  it('says nothing when nobody types', () => {
    expect(typingText([], t)).toBeNull();
  });

  it('names one person', () => {
    expect(typingText(['Alice'], t)).toBe('Alice est en train d’écrire…');
  });

  it('joins two names with "et"', () => {
    expect(typingText(['Alice', 'Bob'], t)).toBe('Alice et Bob sont en train d’écrire…');
  });

  it('falls back to a generic text for three or more', () => {
    expect(typingText(['Alice', 'Bob', 'Chloé'], t)).toBe('Plusieurs personnes écrivent…');
  });
});
