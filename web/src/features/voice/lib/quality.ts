import type { VoiceQuality } from './voice-store';

/**
 * The voice connection's quality for the bar (docs/calls.md, "Salons vocaux"): the worst of
 * the session's peer connections — a connection failed or cut is poor; otherwise the round
 * trip of its selected candidate pair and the audio packets lost since the last measure
 * (above 300 ms or 5 %: poor; above 150 ms or 2 %: fair). Alone in the channel: good.
 */
export async function measureQuality(
  connections: readonly RTCPeerConnection[],
  previous: Map<string, { lost: number; received: number }>,
): Promise<VoiceQuality> {
  let worst: VoiceQuality = 'good';
  const rank = { good: 0, fair: 1, poor: 2 } as const;
  const note = (q: VoiceQuality) => {
    if (rank[q] > rank[worst]) worst = q;
  };
  for (const [index, pc] of connections.entries()) {
    if (pc.connectionState === 'failed' || pc.connectionState === 'disconnected') {
      note('poor');
      continue;
    }
    if (pc.connectionState !== 'connected') continue;
    const stats = await pc.getStats().catch(() => null);
    if (!stats) continue;
    let rtt: number | undefined;
    let lost = 0;
    let received = 0;
    stats.forEach((s: RTCStats & Record<string, unknown>) => {
      if (s.type === 'candidate-pair' && s.nominated && typeof s.currentRoundTripTime === 'number')
        rtt = s.currentRoundTripTime;
      if (s.type === 'inbound-rtp' && s.kind === 'audio') {
        lost += Number(s.packetsLost ?? 0);
        received += Number(s.packetsReceived ?? 0);
      }
    });
    const key = String(index);
    const before = previous.get(key);
    previous.set(key, { lost, received });
    const dLost = before ? lost - before.lost : 0;
    const dReceived = before ? received - before.received : 0;
    const loss = dLost + dReceived > 0 ? dLost / (dLost + dReceived) : 0;
    if ((rtt ?? 0) > 0.3 || loss > 0.05) note('poor');
    else if ((rtt ?? 0) > 0.15 || loss > 0.02) note('fair');
  }
  return worst;
}
