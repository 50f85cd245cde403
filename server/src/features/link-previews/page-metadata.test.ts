import { describe, expect, it } from 'vitest';
import { clean } from './fetch-preview';
import { linksToPreview } from './links';
import { decodePage, readPageMetadata } from './page-metadata';

const page = new URL('https://exemple.fr/articles/1');

describe('readPageMetadata', () => {
  it('prefers OpenGraph, then Twitter cards, then <title> and the meta description', () => {
    const og = readPageMetadata(
      `<html><head><title>Titre du document</title>
        <meta name="twitter:title" content="Titre Twitter">
        <meta property="og:title" content="Titre &amp; OpenGraph">
        <meta name="description" content="Résumé">
        <meta property="og:site_name" content="Exemple">
        <meta property="og:image" content="/img/une.png">
        <link rel="alternate" type="application/json+oembed" href="/oembed?url=1">
      </head></html>`,
      page,
    );
    expect(og).toEqual({
      title: 'Titre & OpenGraph',
      description: 'Résumé',
      siteName: 'Exemple',
      image: new URL('https://exemple.fr/img/une.png'),
      oembed: new URL('https://exemple.fr/oembed?url=1'),
    });
    const twitter = readPageMetadata(
      `<title>Document</title><meta name="twitter:title" content="Carte"><meta name="twitter:image" content="https://cdn.exemple.fr/a.jpg">`,
      page,
    );
    expect(twitter).toMatchObject({
      title: 'Carte',
      image: new URL('https://cdn.exemple.fr/a.jpg'),
    });
    const bare = readPageMetadata(
      '<svg><title>Icône</title></svg><title> Le  document </title>',
      page,
    );
    expect(bare).toMatchObject({ title: ' Le  document ', description: null, image: null });
  });

  it('keeps only http(s) images and oEmbed addresses', () => {
    const meta = readPageMetadata(
      `<meta property="og:image" content="javascript:alert(1)"><link rel="alternate" type="application/json+oembed" href="file:///etc/passwd">`,
      page,
    );
    expect(meta.image).toBeNull();
    expect(meta.oembed).toBeNull();
  });

  it('reads the page in the charset it names', () => {
    const latin1 = Buffer.from('<meta charset="iso-8859-1"><title>Café</title>', 'latin1');
    expect(decodePage('text/html', latin1)).toContain('Café');
    expect(decodePage('text/html; charset=windows-1252', Buffer.from('é', 'latin1'))).toBe('é');
  });

  it('folds spaces and cuts long texts with an ellipsis', () => {
    expect(clean('  a\n\t b  ', 10)).toBe('a b');
    expect(clean('abcdefghijkl', 5)).toBe('abcd…');
    expect(clean('   ', 5)).toBeNull();
  });
});

describe('linksToPreview', () => {
  it('takes the first three http(s) links shown as links, once each, not those in code nor Ruche’s own', () => {
    const text = [
      'Voir https://a.fr/1 et [le site](https://b.fr/2#section) puis <https://a.fr/1>',
      '`https://code.fr/x` et du code :',
      '```',
      'https://bloc.fr/y',
      '```',
      'https://ruche.exemple.fr/c/1 ftp://f.fr mailto:x@y.fr https://u:p@c.fr https://c.fr/3 https://d.fr/4',
    ].join('\n');
    expect(linksToPreview(text, 'https://ruche.exemple.fr')).toEqual([
      'https://a.fr/1',
      'https://b.fr/2',
      'https://c.fr/3',
    ]);
    expect(linksToPreview('pas de lien ici', undefined)).toEqual([]);
  });

  it('finds links written in capitals, as www. autolinks or through character references', () => {
    expect(linksToPreview('HTTPS://A.fr/1 WWW.b.fr/2 [c](h&#116;tps://c.fr/3)', undefined)).toEqual(
      ['https://a.fr/1', 'http://www.b.fr/2', 'https://c.fr/3'],
    );
    expect(linksToPreview('[d](&#104;ttps&#58;//d.fr/4)', undefined)).toEqual(['https://d.fr/4']);
  });
});
