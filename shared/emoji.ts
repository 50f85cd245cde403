import { z } from 'zod';

/** docs/product.md, "Émojis personnalisés": a name of 2 to 32 characters, written `:nom:`. */
export const CUSTOM_EMOJI_NAME_MIN = 2;
export const CUSTOM_EMOJI_NAME_MAX = 32;
/** The image as sent: at most 256 KB. */
export const CUSTOM_EMOJI_BYTES_MAX = 256 * 1024;
/** The stored image fits a square of this side. */
export const CUSTOM_EMOJI_PX = 128;
/** A reaction's stored value: an emoji, or `:nom:` of a custom one. */
export const REACTION_VALUE_MAX = CUSTOM_EMOJI_NAME_MAX + 2;

export const CUSTOM_EMOJI_NAME_RE = /^[a-z0-9_-]{2,32}$/;
/** `:nom:` as written in a message or a reaction. */
export const CUSTOM_EMOJI_CODE_RE = /^:([a-z0-9_-]{2,32}):$/;

export const CUSTOM_EMOJI_NOT_FOUND = 'Émoji personnalisé introuvable';
export const CUSTOM_EMOJI_TAKEN = 'Un émoji porte déjà ce nom';
export const CUSTOM_EMOJI_TOO_LARGE = 'L’image ne peut pas dépasser 256 Ko';
export const CUSTOM_EMOJI_TYPE_REFUSED = 'L’image doit être au format PNG, GIF ou WebP';
export const CUSTOM_EMOJI_IMAGE_MISSING = 'Choisissez une image';
export const CUSTOM_EMOJI_FORBIDDEN =
  'Seul l’auteur de l’émoji ou un administrateur peut le supprimer';

/** The name as typed, `:nom:` or `nom`, to the stored `nom`. */
export const CustomEmojiNameSchema = z
  .string({ error: 'Le nom est requis' })
  .trim()
  .transform((name) => name.replace(/^:(.*):$/, '$1'))
  .pipe(
    z
      .string()
      .min(CUSTOM_EMOJI_NAME_MIN, {
        error: `Le nom doit compter au moins ${CUSTOM_EMOJI_NAME_MIN} caractères`,
      })
      .max(CUSTOM_EMOJI_NAME_MAX, {
        error: `Le nom ne peut pas dépasser ${CUSTOM_EMOJI_NAME_MAX} caractères`,
      })
      .regex(CUSTOM_EMOJI_NAME_RE, {
        error: 'Le nom ne peut contenir que des minuscules, des chiffres, « _ » et « - »',
      }),
  );

/** An item of GET /api/emoji. */
export interface CustomEmoji {
  name: string;
  /** Immutable: a new image under the same name is a new URL. */
  url: string;
  animated: boolean;
  author: { id: string; displayName: string | null } | null;
  createdAt: string;
}
