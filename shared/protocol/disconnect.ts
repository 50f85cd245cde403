/**
 * The right to disconnect's events (server/src/features/disconnect/; docs/notifications.md,
 * « Droit à la déconnexion »).
 */
export type DisconnectEvent =
  /**
   * The person's working period began: the notifications held since their last one are now
   * released (pushed). Open tabs may show one summary desktop notification for `count` items;
   * the items themselves were already in the bell (sent with `held: true`).
   */
  {
    type: 'notifications_released';
    count: number;
    notificationIds: string[];
    unreadCount: number;
  };
