import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as acorn from 'acorn';
import { simple } from 'acorn-walk';
import { transformSync } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { applyFrenchTypography, frenchTypographyProblems } from './typography';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

// Operator-facing terminal text (the admin, backup, import and doctor commands, the configuration's
// startup errors, partly English) and this file's own rule descriptions are not messages people read
// in Ruche.
const OUT_OF_SCOPE =
  /^(server\/src\/(admin|config)\.ts|server\/src\/backup\/|server\/src\/import\/|server\/src\/ops\/doctor\.ts|shared\/typography\.ts)/;

// A literal is French prose when it holds a French letter or one of French's small words.
const FRENCH =
  /[àâäçéèêëîïôöùûüÿœæÀÂÇÉÈÊÎÔÙÛŒ’«»]|\b(?:le|la|les|des|du|une?|est|pas|vous|votre|vos|cette|aucune?)\b|\b[ndlsc]'\p{L}/iu;

function sourceFiles(dir: string): string[] {
  return readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const relative = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sourceFiles(relative);
    return /(?<!\.test|\.d)\.ts$/.test(entry.name) ? [relative] : [];
  });
}

/** The string literals and template pieces of a file, tagged templates (SQL) aside. */
function literalsOf(file: string): string[] {
  const { code } = transformSync(readFileSync(path.join(root, file), 'utf8'), {
    loader: 'ts',
    format: 'esm',
    target: 'esnext',
  });
  const ast = acorn.parse(code, { ecmaVersion: 'latest', sourceType: 'module' });
  const texts: string[] = [];
  const tagged = new Set<acorn.Node>();
  const pieces: acorn.TemplateElement[] = [];
  simple(ast, {
    Literal(node) {
      if (typeof node.value === 'string') texts.push(node.value);
    },
    TemplateElement(node) {
      pieces.push(node);
    },
    TaggedTemplateExpression(node) {
      for (const quasi of node.quasi.quasis) tagged.add(quasi);
    },
  });
  for (const piece of pieces) if (!tagged.has(piece)) texts.push(piece.value.cooked ?? '');
  return texts;
}

describe('French typography rules', () => {
  it('finds a plain space before ; ! ? :, around guillemets, and straight apostrophes', () => {
    expect(frenchTypographyProblems('Bienvenue !')).toHaveLength(1);
    expect(frenchTypographyProblems('Oui ; non')).toHaveLength(1);
    expect(frenchTypographyProblems('Vraiment ?')).toHaveLength(1);
    expect(frenchTypographyProblems('Stockage : 3 Mo')).toHaveLength(1);
    expect(frenchTypographyProblems('Rejoindre « Général »')).toHaveLength(2);
    expect(frenchTypographyProblems("Retour à l'accueil")).toHaveLength(1);
  });

  it('accepts French typography, times, shortcodes and interpolation', () => {
    for (const text of [
      'Bienvenue\u202f!',
      'Oui\u202f; non\u202f?',
      'Stockage\u00a0: {{used}}',
      'Rejoindre «\u00a0{{name}}\u00a0»',
      'Retour à l’accueil',
      'Tapez :tada: à 15:30',
    ]) {
      expect(frenchTypographyProblems(text)).toEqual([]);
    }
  });

  it('sets a text in French typography, and leaves a right one as it is', () => {
    const fixed = applyFrenchTypography("Rejoindre « Général » ? L'équipe : oui !");
    expect(fixed).toBe('Rejoindre «\u00a0Général\u00a0»\u202f? L’équipe\u00a0: oui\u202f!');
    expect(applyFrenchTypography(fixed)).toBe(fixed);
  });
});

describe('French messages of the server and shared/ (issue 45, item 6)', () => {
  it('use French typography', () => {
    const wrong: string[] = [];
    for (const file of [...sourceFiles('server/src'), ...sourceFiles('shared')]) {
      if (OUT_OF_SCOPE.test(file)) continue;
      for (const text of literalsOf(file)) {
        if (!/\s/.test(text) || !FRENCH.test(text)) continue;
        for (const problem of frenchTypographyProblems(text)) wrong.push(`${file}: ${problem}`);
      }
    }
    expect(wrong).toEqual([]);
  });
});
