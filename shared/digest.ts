import { z } from 'zod';

/**
 * The e-mail for what one missed (docs/product.md, « E-mail récapitulatif »): wire types,
 * request schema, the choices offered and the texts, shared by the server and the web app.
 */

/** How long someone must have been away, in minutes, before the e-mail goes. */
export const DIGEST_DELAYS = [15, 30, 60, 240] as const;
/** At most one e-mail per this many minutes (an hour, four hours, a day). */
export const DIGEST_PERIODS = [60, 240, 1440] as const;
export type DigestDelay = (typeof DIGEST_DELAYS)[number];
export type DigestPeriod = (typeof DIGEST_PERIODS)[number];

export const DIGEST_DEFAULT_DELAY: DigestDelay = 15;
export const DIGEST_DEFAULT_PERIOD: DigestPeriod = 60;
/** Items the e-mail lists at most; it says how many more there are. */
export const DIGEST_ITEMS_MAX = 20;

/** GET|PUT /api/digest/settings */
export interface DigestSettings {
  enabled: boolean;
  delayMinutes: DigestDelay;
  periodMinutes: DigestPeriod;
  /** Whether the instance can send it to this person (SMTP configured, an address known). */
  available: boolean;
}

const oneOf = <T extends readonly number[]>(values: T, error: string) =>
  z
    .number({ error })
    .int({ error })
    .refine((v): v is T[number] => values.includes(v), { error });

export const DigestSettingsSchema = z.object({
  enabled: z.boolean({ error: 'Indiquez si l’e-mail récapitulatif est actif' }),
  delayMinutes: oneOf(DIGEST_DELAYS, `Délai possible : ${DIGEST_DELAYS.join(', ')} minutes`),
  periodMinutes: oneOf(DIGEST_PERIODS, `Fréquence possible : ${DIGEST_PERIODS.join(', ')} minutes`),
});
export type DigestSettingsInput = z.infer<typeof DigestSettingsSchema>;

/** POST /api/digest/unsubscribe (RFC 8058 one-click: the token in the address, or in a JSON body). */
export interface DigestUnsubscribed {
  unsubscribed: true;
}

export const DIGEST_TOKEN_INVALID = 'Ce lien de désabonnement n’est pas valable';
export const DIGEST_ACCOUNT_GONE = 'Ce compte n’existe plus';
