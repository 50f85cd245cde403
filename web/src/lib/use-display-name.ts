import { useTranslation } from 'react-i18next';
import { type User, userDisplayName } from '#shared/users';

type NamedUser = Partial<
  Pick<User, 'displayName' | 'firstName' | 'lastName' | 'email' | 'deactivated'>
>;

/** docs/product.md §3 display fallback, ending with the catalogue's "unknown user" label. */
export function useDisplayName(): (user: NamedUser | null | undefined) => string {
  const { t } = useTranslation();
  return (user) => {
    const name = userDisplayName(user) ?? t('common.unknownUser');
    // Issue 48: a deactivated account's name, wherever it shows.
    return user?.deactivated ? t('common.deactivatedName', { name }) : name;
  };
}
