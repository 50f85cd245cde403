import { useTranslation } from 'react-i18next';
import { userDisplayName } from '#shared/user-names';
import type { User } from '#shared/users';

type NamedUser = Partial<
  Pick<User, 'displayName' | 'firstName' | 'lastName' | 'email' | 'deactivated'>
>;

/** docs/product.md §3 display fallback, ending with the catalogue's "unknown user" label. */
export function useDisplayName(): (user: NamedUser | null | undefined) => string {
  const { t } = useTranslation();
  // Issue 48: a deactivated account's name ends with « (désactivé) » (userDisplayName).
  return (user) => userDisplayName(user) ?? t('common.unknownUser');
}
