/** Real WebRTC in the e2e specs, kept on loopback. */
import { networkInterfaces } from 'node:os';
import { expect, type Page } from '@playwright/test';

/**
 * Real WebRTC between Chromium contexts, on loopback only: the suite's Chromium flags
 * (e2e/playwright.config.ts), fake camera and microphone, no permission prompt, loopback
 * candidates allowed; `extra` flags after them. The full Chromium, not the headless shell
 * the other specs use: in the shell, calls.spec.ts's 1:1 call over host candidates stayed
 * « connecting » on the caller's side (2026-12-03), while it connects in the browser people use.
 */
export function webrtcLaunch(...extra: string[]) {
  return {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--use-fake-ui-for-media-stream',
      '--use-fake-device-for-media-stream',
      '--allow-loopback-in-peer-connection',
      // getDisplayMedia takes the screen without the picker (a voice channel's screen share).
      '--auto-select-desktop-capture-source=Entire screen',
      ...extra,
    ],
  };
}

export const WEBRTC_LAUNCH = webrtcLaunch();

/**
 * The test's network is loopback: no STUN server is asked (nothing leaves the machine) and
 * only 127.0.0.1 candidates are let through, so the pair the browsers select is on loopback.
 * Every peer connection the page makes is kept, to read its stats.
 */
export const LOOPBACK_ONLY = () => {
  const Native = window.RTCPeerConnection;
  const made: RTCPeerConnection[] = [];
  (window as unknown as { __peers: RTCPeerConnection[] }).__peers = made;
  class LoopbackPeerConnection extends Native {
    constructor(config?: RTCConfiguration) {
      super({ ...config, iceServers: [] });
      made.push(this);
    }
    override addIceCandidate(candidate?: RTCIceCandidateInit | null): Promise<void> {
      if (candidate?.candidate && !candidate.candidate.includes(' 127.0.0.1 ')) {
        return Promise.resolve();
      }
      return super.addIceCandidate(candidate ?? undefined);
    }
  }
  window.RTCPeerConnection = LoopbackPeerConnection;
};

interface End {
  address: string;
  port: number;
  candidateType: string;
}

/**
 * Each connected peer connection's selected candidate pair, as getStats tells it. Chromium
 * leaves out the address of a peer-reflexive candidate (learnt from a check, not signalled),
 * so the two sides are read together: their ports mirror each other.
 */
export const selectedPairs = (page: Page) =>
  page.evaluate(async () => {
    const peers = (window as unknown as { __peers: RTCPeerConnection[] }).__peers;
    const pairs: Array<{ local: End; remote: End }> = [];
    for (const pc of peers.filter((p) => p.connectionState === 'connected')) {
      const stats = [...(await pc.getStats()).values()] as Array<Record<string, string>>;
      const transport = stats.find((s) => s.type === 'transport');
      const pair = stats.find((s) => s.id === transport?.selectedCandidatePairId);
      const end = (id?: string) => {
        const candidate = stats.find((s) => s.id === id);
        return {
          address: candidate?.address ?? '?',
          port: Number(candidate?.port),
          candidateType: candidate?.candidateType ?? '?',
        };
      };
      pairs.push({ local: end(pair?.localCandidateId), remote: end(pair?.remoteCandidateId) });
    }
    return pairs;
  });

/**
 * One connection between the two pages, host to host on this machine: only 127.0.0.1
 * candidates are signalled, so each pair has 127.0.0.1 at one end at least; Chromium may
 * answer a check from the socket it bound on the machine's other interface (a peer-reflexive
 * candidate), which is still this machine — never a STUN or TURN address.
 */
export async function expectLoopback(a: Page, b: Page): Promise<void> {
  const [[ab], [ba]] = await Promise.all([selectedPairs(a), selectedPairs(b)]);
  expect(ab && ba).toBeTruthy();
  expect(ab!.local.port).toBe(ba!.remote.port);
  expect(ab!.remote.port).toBe(ba!.local.port);
  const ends = [ab!.local, ab!.remote, ba!.local, ba!.remote];
  for (const end of ends) expect(['host', 'prflx']).toContain(end.candidateType);
  expect(ends.filter((end) => end.address === '127.0.0.1').length).toBeGreaterThanOrEqual(2);
  const local = new Set(
    Object.values(networkInterfaces())
      .flat()
      .map((i) => i?.address),
  );
  for (const end of ends.filter((e) => e.address)) expect(local.has(end.address)).toBe(true);
}

/** Whether the e2e server drives a Janus (global-setup.ts starts one when it is installed). */
export const THROUGH_JANUS = Boolean(process.env.RUCHE_E2E_JANUS);

/** How many of the page's peer connections are connected now. */
export const connectedCount = (page: Page) =>
  page.evaluate(
    () =>
      (window as unknown as { __peers: RTCPeerConnection[] }).__peers.filter(
        (pc) => pc.connectionState === 'connected',
      ).length,
  );

/**
 * Through Janus, every connection of the page goes to Janus on this machine: the selected
 * pair of each is 127.0.0.1 at both ends (Janus gathers on `lo` only; the page lets only
 * 127.0.0.1 candidates through).
 */
export async function expectLoopbackToJanus(page: Page): Promise<void> {
  const pairs = await selectedPairs(page);
  expect(pairs.length).toBeGreaterThan(0);
  // Chromium hides the address of a peer-reflexive local candidate (learnt from Janus's
  // answer to a check). The pair is IPv4 (Janus's end is 127.0.0.1), and in the test's
  // namespace (scripts/netns.mjs) every IPv4 address is a 127.0.0.1: so is the hidden one.
  const ipv4 = Object.values(networkInterfaces())
    .flat()
    .filter((i) => i?.family === 'IPv4')
    .map((i) => i?.address);
  const onlyLoopback = ipv4.every((address) => address === '127.0.0.1');
  for (const pair of pairs) {
    const detail = JSON.stringify(pairs);
    expect(pair.remote.address, detail).toBe('127.0.0.1');
    if (pair.local.candidateType === 'prflx' && pair.local.address === '' && onlyLoopback) continue;
    expect(pair.local.address, detail).toBe('127.0.0.1');
  }
}

/** Bytes of audio received so far, per connected peer connection that receives audio. */
export const inboundAudioBytes = (page: Page) =>
  page.evaluate(async () => {
    const peers = (window as unknown as { __peers: RTCPeerConnection[] }).__peers;
    const bytes: number[] = [];
    for (const pc of peers.filter((p) => p.connectionState === 'connected')) {
      const stats = [...(await pc.getStats()).values()] as Array<Record<string, unknown>>;
      const audio = stats.filter((s) => s.type === 'inbound-rtp' && s.kind === 'audio');
      if (audio.length > 0)
        bytes.push(audio.reduce((sum, s) => sum + Number(s.bytesReceived ?? 0), 0));
    }
    return bytes;
  });

/**
 * The width a tile's remote video is received at (its inbound-rtp's frameWidth: the simulcast
 * layer Janus forwards to this page), found by the track the tile's <video> shows. 0: none yet.
 */
export const receivedWidth = (page: Page, tileLabel: string) =>
  page.evaluate(async (label) => {
    const video = document.querySelector<HTMLVideoElement>(`figure[aria-label="${label}"] video`);
    const track = (video?.srcObject as MediaStream | null)?.getVideoTracks()[0];
    const peers = (window as unknown as { __peers: RTCPeerConnection[] }).__peers;
    for (const pc of peers.filter((p) => p.connectionState === 'connected')) {
      const receiver = pc.getReceivers().find((r) => r.track === track);
      if (!receiver) continue;
      for (const s of (await receiver.getStats()).values()) {
        if (s.type === 'inbound-rtp') return Number(s.frameWidth ?? 0);
      }
    }
    return 0;
  }, tileLabel);

/**
 * The layer (`h`, `m`, `l`) of `sender`'s simulcast publisher that `receiver` shows on the tile
 * named `tileLabel`: the active one whose encoded width is the width received. By layer, not
 * by pixels: a loaded machine's encoder scales every layer down (Chromium's CPU adaptation),
 * and the middle one may then be 320 px wide. Null while none matches (a switch in flight).
 */
export async function receivedLayer(
  receiver: Page,
  tileLabel: string,
  sender: Page,
): Promise<string | null> {
  const width = await receivedWidth(receiver, tileLabel);
  const widths = await sender.evaluate(async () => {
    const peers = (window as unknown as { __peers: RTCPeerConnection[] }).__peers;
    for (const pc of peers.filter((p) => p.connectionState === 'connected')) {
      for (const s of pc.getSenders()) {
        const active = (s.getParameters().encodings ?? [])
          .filter((e) => e.rid && e.active !== false)
          .map((e) => e.rid as string);
        if (!active.length) continue;
        const found: Record<string, number> = {};
        for (const stat of (await s.getStats()).values()) {
          if (stat.type === 'outbound-rtp' && active.includes(stat.rid))
            found[stat.rid] = Number(stat.frameWidth ?? 0);
        }
        return found;
      }
    }
    return {};
  });
  const matching = Object.entries(widths).filter(([, w]) => w > 0 && w === width);
  return matching.length === 1 ? (matching[0]?.[0] ?? null) : null;
}

/**
 * The simulcast layers the page's publisher to Janus encodes now (`h` full, `m` half, `l`
 * quarter): only those another page shows. Null: no simulcast publisher connected.
 */
export const sentLayers = (page: Page) =>
  page.evaluate(() => {
    const peers = (window as unknown as { __peers: RTCPeerConnection[] }).__peers;
    for (const pc of peers.filter((p) => p.connectionState === 'connected')) {
      for (const sender of pc.getSenders()) {
        const encodings = sender.getParameters().encodings ?? [];
        if (encodings.some((e) => e.rid === 'h'))
          return encodings
            .filter((e) => e.active !== false)
            .map((e) => e.rid)
            .join(',');
      }
    }
    return null;
  });
