import { describe, expect, it } from 'vitest';
import { appLinkPath } from './app-links';

const SERVER = 'https://ruche.example.fr';

describe('appLinkPath (the links the app opens)', () => {
  it('opens a room, an invitation or a channel of its server, query kept', () => {
    expect(appLinkPath(`${SERVER}/join/ABCD-1234`, SERVER)).toBe('/join/ABCD-1234');
    expect(appLinkPath(`${SERVER}/join-channel/XY7Z9Q`, SERVER)).toBe('/join-channel/XY7Z9Q');
    expect(appLinkPath(`${SERVER}/channel/5f0c?message=42`, SERVER)).toBe(
      '/channel/5f0c?message=42',
    );
  });

  it('leaves anything else to the browser', () => {
    expect(appLinkPath('https://evil.example/channel/5f0c', SERVER)).toBeNull();
    expect(appLinkPath(`${SERVER}/settings`, SERVER)).toBeNull();
    expect(appLinkPath(`${SERVER}/channel/`, SERVER)).toBeNull();
    expect(appLinkPath(`${SERVER}/channel/a/b`, SERVER)).toBeNull();
    expect(appLinkPath('pas une adresse', SERVER)).toBeNull();
  });
});
