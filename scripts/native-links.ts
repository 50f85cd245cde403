import { APP_LINK_PREFIXES, APP_SIGNED_IN_PATH } from '../shared/app-links';

/**
 * The server's links in the native projects (docs/mobile.md, "Links"): the phone hands
 * `https://<server>/join/…`, `/join-channel/…`, `/channel/…` and the sign-in's return
 * `/app/signed-in` to the app only when the app declares that host — Android in an intent
 * filter of its manifest, iOS in its Associated Domains entitlement. `npm run mobile:sync` writes them for VITE_SERVER_ORIGIN.
 */

const BEGIN = '<!-- app-links:begin';
const END = '<!-- app-links:end -->';

/** The host whose links the app opens: the server's, when served over https (else none). */
export function appLinkHost(serverOrigin: string): string | null {
  const url = new URL(serverOrigin);
  return url.protocol === 'https:' ? url.hostname : null;
}

/** AndroidManifest.xml with `host`'s intent filter (none for null) between its markers. */
export function withAndroidAppLinks(manifest: string, host: string | null): string {
  const begin = manifest.indexOf(BEGIN);
  const beginEnd = begin < 0 ? -1 : manifest.indexOf('-->', begin) + '-->'.length;
  const end = beginEnd < 0 ? -1 : manifest.indexOf(END, beginEnd);
  if (end < 0) {
    throw new Error(`AndroidManifest.xml : les repères ${BEGIN} … ${END} sont introuvables`);
  }
  const indent = manifest.slice(manifest.lastIndexOf('\n', begin) + 1, begin);
  const filter = host
    ? [
        '<intent-filter android:autoVerify="true">',
        '    <action android:name="android.intent.action.VIEW" />',
        '    <category android:name="android.intent.category.DEFAULT" />',
        '    <category android:name="android.intent.category.BROWSABLE" />',
        ...APP_LINK_PREFIXES.map(
          (prefix) =>
            `    <data android:scheme="https" android:host="${host}" android:pathPrefix="${prefix}" />`,
        ),
        // The return of the app's OpenID Connect sign-in (server/src/auth/app-sign-in.ts).
        `    <data android:scheme="https" android:host="${host}" android:path="${APP_SIGNED_IN_PATH}" />`,
        '</intent-filter>',
      ]
    : [];
  const lines = filter.map((line) => `\n${indent}${line}`).join('');
  return `${manifest.slice(0, beginEnd)}${lines}\n${indent}${manifest.slice(end)}`;
}

/** ios/App/App/App.entitlements: `host` as an Associated Domain for links (none for null). */
export function iosEntitlements(host: string | null): string {
  const domains = host
    ? [
        '\t<key>com.apple.developer.associated-domains</key>',
        '\t<array>',
        `\t\t<string>applinks:${host}</string>`,
        '\t</array>',
      ]
    : [];
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">',
    '<plist version="1.0">',
    '<dict>',
    ...domains,
    '</dict>',
    '</plist>',
    '',
  ].join('\n');
}
