/**
 * The mobile app runs the web app in a web view: a camera or microphone the web code asks for
 * only works there if the native project declares it (docs/calls.md, "L’application mobile").
 * This reads what web/src asks for (getUserMedia with audio or video, getDisplayMedia) and
 * fails when the Android manifest or the iOS Info.plist lacks what that needs.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const read = (file: string) => readFileSync(path.join(root, file), 'utf8');

function sources(dir: string): string[] {
  return readdirSync(path.join(root, dir)).flatMap((name) => {
    const file = path.join(dir, name);
    if (statSync(path.join(root, file)).isDirectory()) return sources(file);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [file] : [];
  });
}

type Need = 'camera' | 'microphone';

/**
 * What the web code asks of the device: each getUserMedia call's constraints (read from the
 * call itself, or from the constant it names), and getDisplayMedia.
 */
function mediaNeeds(files: Record<string, string>): {
  needs: Set<Need>;
  displayMedia: string[];
  calls: string[];
} {
  const needs = new Set<Need>();
  const calls: string[] = [];
  const displayMedia: string[] = [];
  for (const [file, text] of Object.entries(files)) {
    for (const match of text.matchAll(/getUserMedia\s*\(([^)]*)\)/g)) {
      let args = match[1] ?? '';
      if (args.trim() === '') continue; // `devices?.getUserMedia` checked, not called
      // A constant named in the call: its definition in the same file.
      const named = /^\s*([A-Z_][A-Z0-9_]*)\s*$/.exec(args)?.[1];
      if (named) {
        const definition = new RegExp(`const ${named}[^=]*=\\s*(\\{[\\s\\S]*?\\n\\};?)`).exec(text);
        args = definition?.[1] ?? args;
      }
      // A parameter (constraints passed in): every constraint object the file builds.
      if (/^\s*[a-z]\w*\s*$/.test(args)) args = text;
      calls.push(`${file}: getUserMedia(${match[1]})`);
      if (/\baudio\s*:/.test(args)) needs.add('microphone');
      if (/\bvideo\s*:/.test(args)) needs.add('camera');
    }
    if (/getDisplayMedia\s*\(/.test(text)) displayMedia.push(file);
  }
  return { needs, displayMedia, calls };
}

const web = mediaNeeds(Object.fromEntries(sources('web/src').map((f) => [f, read(f)])));
const manifest = read('android/app/src/main/AndroidManifest.xml');
const plist = read('ios/App/App/Info.plist');

/** Android permissions (and the features made optional) each need takes. */
const ANDROID: Record<Need, { permissions: string[]; feature: string }> = {
  camera: { permissions: ['android.permission.CAMERA'], feature: 'android.hardware.camera' },
  microphone: {
    permissions: ['android.permission.RECORD_AUDIO', 'android.permission.MODIFY_AUDIO_SETTINGS'],
    feature: 'android.hardware.microphone',
  },
};
const IOS: Record<Need, string> = {
  camera: 'NSCameraUsageDescription',
  microphone: 'NSMicrophoneUsageDescription',
};

describe('the native projects declare what the web code asks for', () => {
  it('finds the camera and the microphone in the web code', () => {
    // Calls ask for both, voice for the microphone: if this fails, the scan below went blind.
    expect(web.calls.length, web.calls.join('\n')).toBeGreaterThanOrEqual(3);
    expect([...web.needs].sort()).toEqual(['camera', 'microphone']);
  });

  for (const need of ['camera', 'microphone'] as const) {
    it(`Android: ${need}`, () => {
      if (!web.needs.has(need)) return;
      for (const permission of ANDROID[need].permissions) {
        expect(manifest).toContain(`<uses-permission android:name="${permission}" />`);
      }
      // Optional hardware: a tablet without a camera still installs the app.
      expect(manifest).toMatch(
        new RegExp(
          `<uses-feature android:name="${ANDROID[need].feature.replaceAll('.', '\\.')}" android:required="false" />`,
        ),
      );
    });

    it(`iOS: ${need}, with a French usage text`, () => {
      if (!web.needs.has(need)) return;
      const text = new RegExp(`<key>${IOS[need]}</key>\\s*<string>([^<]+)</string>`).exec(plist);
      expect(text, `${IOS[need]} in Info.plist`).not.toBeNull();
      expect(text?.[1]).toMatch(/^Ruche utilise (la caméra|le micro) pour /);
    });
  }

  it('screen sharing needs nothing native, and is guarded where the web view lacks it', () => {
    // Android's WebView and iOS's WKWebView have no getDisplayMedia: no permission makes it
    // work there, so each use must survive its absence (`mediaDevices?.getDisplayMedia` is
    // undefined in the app, and the call resolves to nothing instead of throwing).
    for (const file of web.displayMedia) {
      expect(read(file)).toMatch(/getDisplayMedia\?\.\(|\?\.getDisplayMedia[\s\S]{0,80}\.catch\(/);
    }
  });

  it('keeps none of the native templates’ example tests', () => {
    const examples = [
      'android/app/src/test/java/com/getcapacitor/myapp/ExampleUnitTest.java',
      'android/app/src/androidTest/java/com/getcapacitor/myapp/ExampleInstrumentedTest.java',
    ];
    for (const file of examples) expect(() => statSync(path.join(root, file))).toThrow();
  });
});

describe('the scan itself', () => {
  it('reads constraints inline, from a named constant, and from a parameter', () => {
    const found = mediaNeeds({
      'a.ts': 'navigator.mediaDevices.getUserMedia({ audio: true })',
      'b.ts': 'const MIC = {\n  audio: { echoCancellation: true },\n};\nx.getUserMedia(MIC)',
      'c.ts': 'const ask = (c) => m.getUserMedia(c);\nask({ video: true })',
    });
    expect([...found.needs].sort()).toEqual(['camera', 'microphone']);
    expect(mediaNeeds({ 'd.ts': 'if (!devices?.getUserMedia) return' }).needs.size).toBe(0);
  });
});
