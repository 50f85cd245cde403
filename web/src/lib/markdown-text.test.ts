import { describe, expect, it } from 'vitest';
import { markdownFirstLine } from './markdown-text';

describe('markdownFirstLine (issue 45, item 10: a task titled from a message)', () => {
  it.each([
    ['**Relire** le _devis_ de ~~lundi~~ mardi', 'Relire le devis de lundi mardi'],
    [
      'Voir [la maquette](https://exemple.fr/m) et `npm run build`',
      'Voir la maquette et npm run build',
    ],
    ['> Envoyer le **contrat**\nmerci', 'Envoyer le contrat'],
    ['# Ordre du jour\n- point 1', 'Ordre du jour'],
    ['- [ ] Appeler *Bob*\n- [ ] Écrire', 'Appeler Bob'],
    ['\n\n![plan](/api/files/1/download) du bureau', 'plan du bureau'],
    ['```\ncode d’abord\n```', 'code d’abord'],
    ['snake_case_reste et 2 * 3', 'snake_case_reste et 2 * 3'],
    ['Ligne un\nligne deux', 'Ligne un'],
  ])('%j → %j', (markdown, title) => {
    expect(markdownFirstLine(markdown)).toBe(title);
  });
});
