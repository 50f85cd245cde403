-- Room in each page for a folded item's next version, so a fold is a heap-only update.
ALTER TABLE "notifications" SET (fillfactor = 70);
