/** The administration console's events (server/src/features/admin); it has no frames. */
import type { User } from '../users';

export type AdminEvent =
  /**
   * An account changed by an administrator (deactivated, reactivated, made or no longer an
   * administrator): to every active administrator's sockets and the account's own, after the
   * change commits. The console fetches its lists and the audit log again; the account's own
   * tabs fetch its role again.
   */
  | { type: 'admin_user_changed'; userId: string }
  /**
   * An account deactivated or reactivated: to every signed-in socket of the instance (anyone
   * may see anyone in the directory), on every node, after the change commits. Clients put
   * the user in place of the copies they hold (message authors, members, direct messages),
   * so « (désactivé) » comes and goes without a reload.
   */
  | { type: 'user_changed'; user: User }
  /** The instance's name chosen in the console: to every signed-in socket, on every node. */
  | { type: 'instance_changed'; name: string };
