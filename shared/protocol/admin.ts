/** The administration console's events (server/src/features/admin); it has no frames. */

/**
 * An account changed by an administrator (deactivated, reactivated, made or no longer an
 * administrator): to every active administrator's sockets and the account's own, after the
 * change commits. The console fetches its lists and the audit log again; the account's own
 * tabs fetch its role again.
 */
export type AdminEvent = { type: 'admin_user_changed'; userId: string };
