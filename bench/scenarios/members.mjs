// Members and channels for a scenario, on Ruche (real users, real channels) or on the bare
// server (placeholders: it has no users and takes any channel id).
import { randomBytes } from 'node:crypto';

export async function membersFor(sut, count) {
  if (sut.kind === 'bare') return Array.from({ length: count }, () => ({ id: null, cookie: null }));
  return sut.pop.ensureUsers(count);
}

export async function channelFor(sut, members) {
  if (sut.kind === 'bare') return `bare-${randomBytes(6).toString('hex')}`;
  return sut.pop.channel(members);
}
