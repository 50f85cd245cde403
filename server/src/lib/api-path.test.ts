import { describe, expect, it } from 'vitest';
import { isApiPath, routedPath } from './api-path';

describe('the path as the router reads it', () => {
  it.each([
    ['/api/auth/user', true],
    ['/%61pi/logout', true],
    ['/%61%70%69/video-rooms/code/abc', true],
    ['/%41pi/logout', false], // `/Api/…`: routes are case-sensitive
    ['/api%2Flogout', false], // decodeURI keeps `/` encoded: no API route matches
    ['/%2561pi/logout', false], // decoded once, as the router does: `/%61pi/…`
    ['/channel/1?next=/api/logout', false],
    ['/', false],
  ])('%s is the API: %s', (url, api) => {
    expect(isApiPath({ url })).toBe(api);
  });

  it('drops the query and keeps what decodeURI keeps encoded', () => {
    expect(routedPath('/%61pi/files/%2F%3F%25%C3%A9?q=%61')).toBe('/api/files/%2F%3F%25%C3%A9');
  });
});
