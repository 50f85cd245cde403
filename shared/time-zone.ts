/**
 * The zone of a person who chose none and whose browser said none (docs/product.md, "Rappels et
 * envois programmés"). Its own module: the web app's first load reads it without the date parser.
 */
export const DEFAULT_TIME_ZONE = 'Europe/Paris';
