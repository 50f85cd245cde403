/**
 * How a room shows its tiles, and which simulcast layer each remote video needs for it
 * (docs/calls.md, "Salles à plusieurs"): a grid while everyone fits at a useful size, else a
 * stage — the pinned seat, or the last one who spoke — above a strip of thumbnails. A
 * thumbnail receives the lowest layer, the stage the full one: eight people cost each page
 * one full video and six small ones, not seven full ones.
 */

/** Up to this many tiles (oneself included) the room is a grid; beyond, a stage. */
export const GRID_MAX_TILES = 4;

/**
 * How long someone must have been speaking, while the stage's speaker is silent, before the
 * stage turns to them: a cough, a laugh or two people answering at once do not flip it (each
 * flip costs every page a key frame of two videos).
 */
export const STAGE_SWITCH_MS = 1000;

/** Janus's simulcast layers (shared/protocol/sfu.ts): 0 a quarter of the size, 2 full. */
export const LAYER = { low: 0, medium: 1, high: 2 } as const;

export type RoomLayout =
  | { mode: 'grid' }
  /** `stage`: the remote seat shown large; every other tile is a thumbnail. */
  | { mode: 'stage'; stage: string };

/**
 * The layout for these remote seats (in their order of arrival). A pin puts its seat on
 * the stage at any size; unpinned, the stage shows the last remote seat that started
 * speaking, else the first one.
 */
export function roomLayout(
  remote: readonly string[],
  pinned: string | null,
  speaker: string | null,
): RoomLayout {
  const stage =
    (pinned !== null && remote.includes(pinned) ? pinned : null) ??
    (remote.length + 1 > GRID_MAX_TILES
      ? ((speaker !== null && remote.includes(speaker) ? speaker : null) ?? remote[0] ?? null)
      : null);
  return stage === null ? { mode: 'grid' } : { mode: 'stage', stage };
}

/** The layer a remote seat's tile needs: full alone with oneself, half in a grid of 3–4. */
export function layerFor(layout: RoomLayout, seat: string, tiles: number): number {
  if (layout.mode === 'stage') return seat === layout.stage ? LAYER.high : LAYER.low;
  return tiles <= 2 ? LAYER.high : LAYER.medium;
}

/**
 * The speaker the stage follows, given who is speaking now and since when (ms): the current
 * one while they speak; else whoever has spoken the longest, once for STAGE_SWITCH_MS; else
 * still the current one (a silence changes nothing).
 */
export function nextSpeaker(
  current: string | null,
  speakingSince: ReadonlyMap<string, number>,
  now: number,
): string | null {
  if (current !== null && speakingSince.has(current)) return current;
  let next: string | null = null;
  let earliest = now - STAGE_SWITCH_MS;
  for (const [seat, since] of speakingSince) {
    if (since <= earliest) {
      next = seat;
      earliest = since;
    }
  }
  return next ?? current;
}
