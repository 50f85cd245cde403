import { describe, expect, it } from 'vitest';
import {
  parseSearchDate,
  parseSearchQuery,
  SearchQuerySchema,
  searchAsksSomething,
} from './search';

describe('parseSearchQuery', () => {
  it('keeps plain words and phrases as text', () => {
    const p = parseSearchQuery('réunion "ordre du jour" budget!');
    expect(p).toMatchObject({ text: 'réunion "ordre du jour" budget!', prefix: null, from: [] });
    expect(p.hasFile).toBe(false);
  });

  it('takes the last word still being typed as a prefix', () => {
    expect(parseSearchQuery('réunion budg')).toMatchObject({ text: 'réunion', prefix: 'budg' });
    expect(parseSearchQuery('réun')).toMatchObject({ text: '', prefix: 'réun' });
    expect(parseSearchQuery('budget de:@bob')).toMatchObject({ text: 'budget', prefix: null });
    expect(parseSearchQuery('"ordre du jour"').prefix).toBeNull();
    expect(parseSearchQuery("l'hôpital").prefix).toBeNull();
    expect(parseSearchQuery('réunion x').prefix).toBeNull();
  });

  it('closes a phrase still being typed', () => {
    expect(parseSearchQuery('"ordre du').text).toBe('"ordre du"');
  });

  it('takes out de:@nom and dans:#canal, lower-case, with or without the sigil', () => {
    const p = parseSearchQuery('budget de:@Camille dans:#Général from:bob in:dev');
    expect(p.text).toBe('budget');
    expect(p.prefix).toBeNull();
    expect(p.from).toEqual(['camille', 'bob']);
    expect(p.in).toEqual(['général', 'dev']);
  });

  it('accepts a quoted name', () => {
    const p = parseSearchQuery('de:"Jean Dupont" dans:"équipe produit" plan');
    expect(p.from).toEqual(['jean dupont']);
    expect(p.in).toEqual(['équipe produit']);
    expect(p.prefix).toBe('plan');
  });

  it('reads avant:, après:, apres:, le: as days', () => {
    expect(parseSearchQuery('avant:2026-11-30 x').before).toBe('2026-11-30');
    expect(parseSearchQuery('après:2026-11-01 x').after).toBe('2026-11-01');
    expect(parseSearchQuery('apres:1/2/2026 x').after).toBe('2026-02-01');
    expect(parseSearchQuery('le:2026-3-5 x').on).toBe('2026-03-05');
  });

  it('reports a date that is not one, in French', () => {
    const p = parseSearchQuery('avant:2026-02-30 budget');
    expect(p.before).toBeNull();
    expect(p.errors).toEqual(['Date invalide après « avant: » : écrivez-la AAAA-MM-JJ']);
  });

  it('reads a:fichier (and has:file), and leaves other a: values as text', () => {
    expect(parseSearchQuery('a:fichier rapport')).toMatchObject({
      hasFile: true,
      prefix: 'rapport',
    });
    expect(parseSearchQuery('has:file rapport').hasFile).toBe(true);
    expect(parseSearchQuery('a:rien rapport?')).toMatchObject({
      hasFile: false,
      text: 'a:rien rapport?',
    });
  });

  it('leaves unknown operators, empty values and colons inside words as text', () => {
    expect(parseSearchQuery('http://exemple.fr').text).toBe('http://exemple.fr');
    expect(parseSearchQuery('note: demain').text).toBe('note:');
    expect(parseSearchQuery('de: rien').text).toBe('de:');
  });

  it('tells whether anything is asked', () => {
    expect(searchAsksSomething(parseSearchQuery('de:@bob'))).toBe(true);
    expect(searchAsksSomething(parseSearchQuery('""'))).toBe(false);
  });
});

describe('parseSearchDate', () => {
  it('accepts real days only', () => {
    expect(parseSearchDate('2024-02-29')).toBe('2024-02-29');
    expect(parseSearchDate('2025-02-29')).toBeNull();
    expect(parseSearchDate('31/12/2026')).toBe('2026-12-31');
    expect(parseSearchDate('hier')).toBeNull();
  });
});

describe('SearchQuerySchema', () => {
  it('refuses fewer than 3 characters, spaces aside', () => {
    const short = SearchQuerySchema.safeParse({ q: ' ab ' });
    expect(short.success).toBe(false);
    expect(short.error?.issues[0]?.message).toBe('Saisissez au moins 3 caractères pour rechercher');
    expect(SearchQuerySchema.safeParse({ q: 'abc' }).success).toBe(true);
  });
});
