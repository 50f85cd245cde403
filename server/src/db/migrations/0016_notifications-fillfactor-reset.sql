-- A fold no longer rewrites the item (docs/notifications.md, "Channel messages fold"): the
-- room 0015 left in each page for its next version is no longer used.
ALTER TABLE "notifications" RESET (fillfactor);
