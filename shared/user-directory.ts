import { z } from 'zod';
import { DISPLAY_NAME_MAX } from './limits';
import type { User } from './users';

/** GET /api/users/search: a page's default and largest size. */
export const USER_SEARCH_PAGE = 30;
export const USER_SEARCH_PAGE_MAX = 100;

/**
 * GET /api/users/search?q=&cursor=&limit= (docs/product.md §7): the directory, searched on the
 * server — every word of `q` found in the display name, first name, last name or email,
 * accents and case aside ("helene" finds « Hélène ») — sorted by name, paged by `cursor`.
 */
export const UserSearchQuerySchema = z.object({
  q: z.string().trim().max(DISPLAY_NAME_MAX, 'Recherche trop longue').optional(),
  cursor: z.string().max(600, 'Curseur invalide').optional(),
  limit: z.coerce
    .number({ error: 'La taille de page doit être un nombre' })
    .int('La taille de page doit être un entier')
    .min(1, 'La taille de page doit être d’au moins 1')
    .max(USER_SEARCH_PAGE_MAX, `La taille de page ne peut pas dépasser ${USER_SEARCH_PAGE_MAX}`)
    .default(USER_SEARCH_PAGE),
});

export interface UserSearchPage {
  users: User[];
  /** Pass as `cursor` for the next page; null at the end. */
  nextCursor: string | null;
}
