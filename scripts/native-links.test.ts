/**
 * The server's links in the native projects (docs/mobile.md, "Links"): what `npm run
 * mobile:sync` writes into the committed Android manifest and iOS entitlements.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { APP_LINK_PREFIXES } from '../shared/app-links';
import { appLinkHost, iosEntitlements, withAndroidAppLinks } from './native-links';

const root = path.resolve(import.meta.dirname, '..');
const committed = (file: string) => readFileSync(path.join(root, file), 'utf8');
const MANIFEST = committed('android/app/src/main/AndroidManifest.xml');

describe('the link host', () => {
  it('is the server’s over https, none otherwise (App Links and Universal Links need https)', () => {
    expect(appLinkHost('https://ruche.example.fr')).toBe('ruche.example.fr');
    expect(appLinkHost('https://ruche.example.fr:8443')).toBe('ruche.example.fr');
    expect(appLinkHost('http://127.0.0.1:3000')).toBeNull();
  });
});

describe('Android', () => {
  it('declares, in the main activity, a verified https filter for each of the server’s link paths and the sign-in’s return', () => {
    const written = withAndroidAppLinks(MANIFEST, 'ruche.example.fr');
    const activity = written.slice(written.indexOf('<activity'), written.indexOf('</activity>'));
    const filter = /<intent-filter android:autoVerify="true">([\s\S]*?)<\/intent-filter>/.exec(
      activity,
    )?.[1];
    expect(filter).toContain('<action android:name="android.intent.action.VIEW" />');
    expect(filter).toContain('<category android:name="android.intent.category.BROWSABLE" />');
    const data = [...(filter ?? '').matchAll(/<data ([^>]*)\/>/g)].map((m) => m[1]?.trim());
    expect(data).toEqual([
      ...APP_LINK_PREFIXES.map(
        (prefix) =>
          `android:scheme="https" android:host="ruche.example.fr" android:pathPrefix="${prefix}"`,
      ),
      // The return of the app's sign-in, on the verified link (docs/mobile.md, "Signing in").
      'android:scheme="https" android:host="ruche.example.fr" android:path="/app/signed-in"',
    ]);
  });

  it('replaces the host on the next sync, and leaves the rest of the manifest as it was', () => {
    const first = withAndroidAppLinks(MANIFEST, 'ancien.example.fr');
    const second = withAndroidAppLinks(first, 'ruche.example.fr');
    expect(second).toBe(withAndroidAppLinks(MANIFEST, 'ruche.example.fr'));
    expect(second).not.toContain('ancien.example.fr');
    expect(withAndroidAppLinks(second, null)).toBe(MANIFEST);
  });

  it('is committed without a host, and refuses a manifest that lost its markers', () => {
    expect(withAndroidAppLinks(MANIFEST, null)).toBe(MANIFEST);
    expect(MANIFEST).not.toContain('autoVerify');
    expect(() => withAndroidAppLinks('<manifest></manifest>', 'ruche.example.fr')).toThrow(
      /repères/,
    );
  });
});

describe('iOS', () => {
  it('lists the host as an Associated Domain for links', () => {
    const entitlements = iosEntitlements('ruche.example.fr');
    expect(entitlements).toMatch(
      /<key>com\.apple\.developer\.associated-domains<\/key>\s*<array>\s*<string>applinks:ruche\.example\.fr<\/string>\s*<\/array>/,
    );
  });

  it('is committed without one, and both of the app’s build configurations sign with it', () => {
    expect(committed('ios/App/App/App.entitlements')).toBe(iosEntitlements(null));
    const project = committed('ios/App/App.xcodeproj/project.pbxproj');
    const appConfigs = project
      .split(/isa = XCBuildConfiguration;/)
      .filter((config) => config.includes('PRODUCT_BUNDLE_IDENTIFIER = fr.ruche.app;'));
    expect(appConfigs).toHaveLength(2);
    for (const config of appConfigs) {
      expect(config).toContain('CODE_SIGN_ENTITLEMENTS = App/App.entitlements;');
    }
  });
});
