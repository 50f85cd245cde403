import packageJson from '../../../../package.json' with { type: 'json' };

/**
 * Who fetches (docs/security.md, « Aperçus de liens »): a site's operator can tell Ruche's
 * fetches apart, and reach the instance that made them when PUBLIC_URL is set.
 */
export const userAgent = (publicUrl: string | undefined) =>
  `RucheBot/${packageJson.version}${publicUrl ? ` (+${publicUrl})` : ''}`;
