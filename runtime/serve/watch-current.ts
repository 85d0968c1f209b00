/**
 * Notices a change of a dataset root's `current` pointer (issue 22, item 6). Polls with stat
 * (fs.watchFile) rather than fs.watch: the build replaces `current` by a rename, which inotify
 * reports on the old inode only, and polling also works on network and overlay filesystems.
 */
import fs from 'node:fs';

/** How often `current` is polled: a publish is served within about this long (plus the verification). */
export const POINTER_POLL_MS = 1_000;

/** Calls `onChange` when `file` is created, replaced or rewritten; returns a stop function. */
export function watchPointer(file: string, onChange: () => void, intervalMs = POINTER_POLL_MS): () => void {
  const listener = (now: fs.Stats, before: fs.Stats) => {
    if (now.ino !== before.ino || now.mtimeMs !== before.mtimeMs || now.size !== before.size) onChange();
  };
  fs.watchFile(file, { interval: intervalMs, persistent: false }, listener);
  return () => fs.unwatchFile(file, listener);
}
