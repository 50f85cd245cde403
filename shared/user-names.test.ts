import { describe, expect, it } from 'vitest';
import { defaultDisplayName, userDisplayName } from './user-names';

describe('userDisplayName', () => {
  it('falls back from the display name to first and last names, then the email', () => {
    expect(userDisplayName({ displayName: ' Léa ', firstName: 'Léa', lastName: 'Roux' })).toBe(
      'Léa',
    );
    expect(userDisplayName({ firstName: 'Léa', lastName: 'Roux' })).toBe('Léa Roux');
    expect(userDisplayName({ email: 'lea.roux@ruche.test' })).toBe('lea.roux');
    expect(userDisplayName({})).toBeNull();
    expect(userDisplayName(null)).toBeNull();
  });

  it('ends a deactivated account’s name with « (désactivé) » (issue 48)', () => {
    expect(userDisplayName({ displayName: 'Léa', deactivated: true })).toBe('Léa (désactivé)');
    expect(userDisplayName({ email: 'lea@ruche.test', deactivated: true })).toBe('lea (désactivé)');
    // No name at all stays unknown; the welcome dialog's default never carries the mark.
    expect(userDisplayName({ deactivated: true })).toBeNull();
    expect(defaultDisplayName({ firstName: 'Léa', deactivated: true })).toBe('Léa');
  });
});
