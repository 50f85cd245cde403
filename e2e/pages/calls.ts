import { expect, type Locator, type Page } from '@playwright/test';

/** The 1:1 video call: the header's button, the call dialog and what its peer connection says. */
export class CallUi {
  readonly startButton: Locator;
  readonly dialog: Locator;
  readonly accept: Locator;
  readonly decline: Locator;
  readonly hangUp: Locator;
  readonly mute: Locator;
  readonly cameraOff: Locator;
  readonly remoteVideo: Locator;

  constructor(readonly page: Page) {
    this.startButton = page.getByRole('button', { name: 'Appel vidéo', exact: true });
    this.dialog = page.getByTestId('call-dialog');
    this.accept = this.dialog.getByRole('button', { name: 'Accepter' });
    this.decline = this.dialog.getByRole('button', { name: 'Refuser' });
    this.hangUp = this.dialog.getByRole('button', { name: 'Raccrocher' });
    this.mute = this.dialog.getByRole('button', { name: 'Couper le micro' });
    this.cameraOff = this.dialog.getByRole('button', { name: 'Couper la caméra' });
    this.remoteVideo = this.dialog.getByTestId('remote-video');
  }

  async expectPhase(phase: string, timeout = 15_000): Promise<void> {
    await expect(this.dialog).toHaveAttribute('data-call-phase', phase, { timeout });
  }

  /** The remote video has frames, and its clock moves on. */
  async expectRemoteVideoPlaying(): Promise<void> {
    await expect
      .poll(() => this.remoteVideo.evaluate((v: HTMLVideoElement) => v.videoWidth), {
        timeout: 15_000,
      })
      .toBeGreaterThan(0);
    const first = await this.remoteVideo.evaluate((v: HTMLVideoElement) => v.currentTime);
    await expect
      .poll(() => this.remoteVideo.evaluate((v: HTMLVideoElement) => v.currentTime), {
        timeout: 10_000,
      })
      .toBeGreaterThan(first + 0.2);
  }

  /**
   * The addresses of the selected candidate pair of the page's live peer connection (the
   * init script `recordPeerConnections` keeps them on window).
   */
  selectedPair(): Promise<{
    local: string;
    remote: string;
    localType: string;
    remoteType: string;
  } | null> {
    return this.page.evaluate(async () => {
      const pcs = (window as unknown as { __rucheCalls: RTCPeerConnection[] }).__rucheCalls;
      const pc = pcs.filter((p) => p.connectionState === 'connected').at(-1);
      if (!pc) return null;
      const stats = await pc.getStats();
      let pairId: string | undefined;
      stats.forEach((s) => {
        if (s.type === 'transport' && s.selectedCandidatePairId) pairId = s.selectedCandidatePairId;
      });
      const pair = pairId ? stats.get(pairId) : undefined;
      if (!pair) return null;
      const local = stats.get(pair.localCandidateId);
      const remote = stats.get(pair.remoteCandidateId);
      return {
        local: local?.address ?? local?.ip ?? '',
        remote: remote?.address ?? remote?.ip ?? '',
        localType: local?.candidateType ?? '',
        remoteType: remote?.candidateType ?? '',
      };
    });
  }
}

/**
 * Keep every RTCPeerConnection the page makes on window.__rucheCalls, for getStats(); and
 * apply only the peer's loopback candidates (127.0.0.1), so that media never takes the
 * machine's interface addresses: Chromium gathers host candidates on every interface, and
 * on its own prefers them (docs/calls.md, "Tests").
 */
export async function recordPeerConnections(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const Original = window.RTCPeerConnection;
    const made: RTCPeerConnection[] = [];
    (window as unknown as { __rucheCalls: RTCPeerConnection[] }).__rucheCalls = made;
    const loopback = / 127\.0\.0\.1 /;
    window.RTCPeerConnection = class extends Original {
      constructor(config?: RTCConfiguration) {
        super(config);
        made.push(this);
      }
      override addIceCandidate(candidate?: RTCIceCandidateInit | null): Promise<void> {
        if (candidate?.candidate && !loopback.test(candidate.candidate)) return Promise.resolve();
        return super.addIceCandidate(candidate ?? undefined);
      }
    } as typeof RTCPeerConnection;
  });
}
