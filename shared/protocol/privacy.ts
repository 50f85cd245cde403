/** The privacy feature's events (server/src/features/privacy); it has no frames. */
import type { AccountExport } from '../privacy';

/**
 * To every open socket of the export's owner, on every node: its progress as it is made,
 * then ready (with its download link) or failed (docs/privacy.md).
 */
export type PrivacyEvent = { type: 'account_export_updated'; export: AccountExport };
