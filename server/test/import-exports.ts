/**
 * Exports to import (server/src/import/): a Slack workspace export zip and a Mattermost bulk
 * export (JSONL, or a zip with its attachments), made here with every case the import
 * handles — a person who has an account and people who have none, public and private
 * channels, direct and group conversations, a thread, reactions (standard, toned, custom),
 * an edit, a file in the archive and one only linked, mentions and links, a join event, a
 * bot. `extra` adds that many ordinary messages (bench/import.mjs: 100,000).
 */
import { createWriteStream } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { finished } from 'node:stream/promises';
import yazl from 'yazl';

export const FILE_TEXT = 'Compte rendu de la réunion : tout va bien.\n';

/** 2024-01-31T09:20:00Z, the first message's time. */
export const T0 = 1_706_692_800;

function zipOf(file: string, entries: Record<string, string>): Promise<void> {
  const zip = new yazl.ZipFile();
  for (const [name, content] of Object.entries(entries)) {
    zip.addBuffer(Buffer.from(content), name);
  }
  zip.end();
  const out = createWriteStream(file);
  zip.outputStream.pipe(out);
  return finished(out);
}

export interface ExportOptions {
  /** The email of a person who already has a Ruche account (matched, not created). */
  existingEmail: string;
  /** Ordinary messages added (threads every 10th, a reaction every 5th), over `channels` channels. */
  extra?: number;
  extraChannels?: number;
}

const ts = (seconds: number, micro = 0) => `${seconds}.${String(micro).padStart(6, '0')}`;
const day = (seconds: number) => new Date(seconds * 1000).toISOString().slice(0, 10);

export async function buildSlackExport(file: string, options: ExportOptions): Promise<void> {
  const users = [
    {
      id: 'U1',
      name: 'alice',
      profile: { email: options.existingEmail, real_name: 'Alice Martin', display_name: '' },
    },
    {
      id: 'U2',
      name: 'bruno',
      profile: {
        email: 'Bruno@Exemple.fr',
        first_name: 'Bruno',
        last_name: 'Petit',
        real_name: 'Bruno Petit',
        display_name: 'Bruno',
      },
    },
    {
      id: 'U3',
      name: 'chloe',
      profile: { email: 'chloe@exemple.fr', real_name: 'Chloé Durand', display_name: '' },
    },
  ];
  const channels = [
    {
      id: 'C1',
      name: 'general-slack',
      created: T0 - 86_400,
      creator: 'U1',
      members: ['U1', 'U2', 'U3'],
      purpose: { value: 'Le canal de tous' },
    },
  ];
  const groups = [
    { id: 'G1', name: 'secret', created: T0 - 86_400, creator: 'U2', members: ['U1', 'U2'] },
  ];
  const dms = [{ id: 'D1', created: T0, members: ['U1', 'U2'] }];
  const mpims = [
    {
      id: 'G2',
      name: 'mpdm-alice--bruno--chloe-1',
      created: T0,
      creator: 'U3',
      members: ['U1', 'U2', 'U3'],
    },
  ];
  const root = ts(T0, 200);
  const general = [
    {
      type: 'message',
      subtype: 'channel_join',
      user: 'U3',
      text: '<@U3> has joined the channel',
      ts: ts(T0 - 800, 100),
    },
    {
      type: 'message',
      user: 'U1',
      ts: root,
      thread_ts: root,
      reply_count: 1,
      text: 'Bonjour *tout le monde* ! Voir <https://exemple.fr/a_b|le site> et <#G1|secret>, _merci_ ~pas ça~ <@U2> &amp; <!here>',
      edited: { user: 'U1', ts: ts(T0 + 200) },
      reactions: [
        { name: '+1', users: ['U2', 'U3'], count: 2 },
        { name: 'thumbsup::skin-tone-2', users: ['U1'], count: 1 },
        { name: 'ruche', users: ['U2'], count: 1 },
        { name: 'perroquet_qui_danse', users: ['U3'], count: 1 },
      ],
    },
    {
      type: 'message',
      user: 'U2',
      ts: ts(T0 + 100, 300),
      thread_ts: root,
      parent_user_id: 'U1',
      text: 'Réponse dans le fil ```const x = a_b * c_d;```',
    },
    {
      type: 'message',
      subtype: 'file_share',
      user: 'U3',
      ts: ts(T0 + 300, 400),
      text: 'Le compte rendu',
      files: [
        {
          id: 'F1',
          name: 'compte-rendu.txt',
          mimetype: 'text/plain',
          url_private: 'https://files.slack.com/F1',
        },
      ],
    },
    {
      type: 'message',
      user: 'U2',
      ts: ts(T0 + 400, 500),
      text: 'Une photo',
      files: [
        {
          id: 'F2',
          name: 'photo.png',
          mimetype: 'image/png',
          url_private: 'https://files.slack.com/F2',
        },
      ],
    },
    {
      type: 'message',
      subtype: 'bot_message',
      bot_id: 'B1',
      username: 'Intégration',
      text: '',
      attachments: [{ fallback: 'Déploiement terminé', color: 'good' }],
      ts: ts(T0 + 500, 600),
    },
  ];
  const entries: Record<string, string> = {
    'users.json': JSON.stringify(users),
    'channels.json': JSON.stringify(channels),
    'groups.json': JSON.stringify(groups),
    'dms.json': JSON.stringify(dms),
    'mpims.json': JSON.stringify(mpims),
    [`general-slack/${day(T0)}.json`]: JSON.stringify(general),
    [`general-slack/${day(T0 + 86_400)}.json`]: JSON.stringify([
      { type: 'message', user: 'U2', ts: ts(T0 + 86_400, 100), text: 'Deuxième jour' },
    ]),
    [`secret/${day(T0)}.json`]: JSON.stringify([
      { type: 'message', user: 'U2', ts: ts(T0 + 10, 100), text: 'Entre nous' },
    ]),
    [`D1/${day(T0)}.json`]: JSON.stringify([
      { type: 'message', user: 'U1', ts: ts(T0 + 20, 100), text: 'Salut Bruno' },
      { type: 'message', user: 'U2', ts: ts(T0 + 30, 100), text: 'Salut Alice' },
    ]),
    [`mpdm-alice--bruno--chloe-1/${day(T0)}.json`]: JSON.stringify([
      { type: 'message', user: 'U3', ts: ts(T0 + 40, 100), text: 'On se voit demain ?' },
    ]),
    '__uploads/F1/compte-rendu.txt': FILE_TEXT,
  };
  const extra = options.extra ?? 0;
  const extraChannels = options.extraChannels ?? 20;
  if (extra > 0) {
    const perChannel = Math.ceil(extra / extraChannels);
    for (let c = 0; c < extraChannels; c++) {
      const id = `CB${c}`;
      const name = `bench-${c}`;
      channels.push({
        id,
        name,
        created: T0,
        creator: 'U1',
        members: ['U1', 'U2', 'U3'],
        purpose: { value: '' },
      });
      const byDay = new Map<string, unknown[]>();
      let lastRoot = '';
      for (let i = 0; i < perChannel && c * perChannel + i < extra; i++) {
        const seconds = T0 + i * 60;
        const stamp = ts(seconds, c);
        const thread = i % 10 === 9 && lastRoot ? { thread_ts: lastRoot } : {};
        if (i % 10 === 0) lastRoot = stamp;
        const message = {
          type: 'message',
          user: `U${(i % 3) + 1}`,
          ts: stamp,
          text: `Message ${i} du canal ${name} : *important* voir <https://exemple.fr/${i}|la page> <@U2>`,
          ...thread,
          ...(i % 5 === 0 ? { reactions: [{ name: 'tada', users: ['U1', 'U3'], count: 2 }] } : {}),
        };
        const list = byDay.get(day(seconds)) ?? [];
        list.push(message);
        byDay.set(day(seconds), list);
      }
      for (const [date, list] of byDay) entries[`${name}/${date}.json`] = JSON.stringify(list);
    }
    entries['channels.json'] = JSON.stringify(channels);
  }
  await zipOf(file, entries);
}

/** Mattermost's bulk export lines (mmctl export create), with an attachment's path. */
export function mattermostLines(options: ExportOptions): string[] {
  const ms = T0 * 1000;
  const lines: unknown[] = [
    { type: 'version', version: 1 },
    { type: 'emoji', emoji: { name: 'ruche', image: 'data/emoji/ruche.png' } },
    { type: 'team', team: { name: 'equipe', display_name: 'Équipe', type: 'O' } },
    {
      type: 'channel',
      channel: {
        team: 'equipe',
        name: 'town-square',
        display_name: 'Place du village',
        type: 'O',
        purpose: 'Tout le monde',
      },
    },
    {
      type: 'channel',
      channel: { team: 'equipe', name: 'prive', display_name: 'Privé', type: 'P' },
    },
    {
      type: 'user',
      user: {
        username: 'alice',
        email: options.existingEmail,
        teams: [{ name: 'equipe', channels: [{ name: 'town-square' }, { name: 'prive' }] }],
      },
    },
    {
      type: 'user',
      user: {
        username: 'bruno',
        email: 'bruno@exemple.fr',
        first_name: 'Bruno',
        last_name: 'Petit',
        teams: [{ name: 'equipe', channels: [{ name: 'town-square' }, { name: 'prive' }] }],
      },
    },
    {
      type: 'user',
      user: {
        username: 'chloe',
        email: 'chloe@exemple.fr',
        nickname: 'Chloé',
        teams: [{ name: 'equipe', channels: [{ name: 'town-square' }] }],
      },
    },
    {
      type: 'post',
      post: {
        team: 'equipe',
        channel: 'town-square',
        user: 'alice',
        message: 'Bonjour @bruno, **gras** et [lien](https://exemple.fr).',
        create_at: ms,
        edit_at: ms + 200_000,
        reactions: [
          { user: 'bruno', emoji_name: 'heart', create_at: ms + 1000 },
          { user: 'chloe', emoji_name: '+1', create_at: ms + 2000 },
          { user: 'bruno', emoji_name: 'ruche', create_at: ms + 3000 },
        ],
        replies: [{ user: 'bruno', message: 'Réponse dans le fil', create_at: ms + 100_000 }],
        attachments: [{ path: 'equipe/compte-rendu.txt' }],
      },
    },
    {
      type: 'post',
      post: {
        team: 'equipe',
        channel: 'prive',
        user: 'bruno',
        message: 'Entre nous',
        create_at: ms + 10_000,
      },
    },
    {
      type: 'post',
      post: {
        team: 'equipe',
        channel: 'town-square',
        user: 'chloe',
        message: 'Une photo',
        create_at: ms + 20_000,
        attachments: [{ path: 'equipe/absente.png' }],
      },
    },
    { type: 'direct_channel', direct_channel: { members: ['alice', 'bruno'] } },
    { type: 'direct_channel', direct_channel: { members: ['alice', 'bruno', 'chloe'] } },
    {
      type: 'direct_post',
      direct_post: {
        channel_members: ['alice', 'bruno'],
        user: 'bruno',
        message: 'Salut Alice',
        create_at: ms + 30_000,
      },
    },
    {
      type: 'direct_post',
      direct_post: {
        channel_members: ['alice', 'bruno', 'chloe'],
        user: 'chloe',
        message: 'On se voit demain ?',
        create_at: ms + 40_000,
      },
    },
  ];
  const extra = options.extra ?? 0;
  for (let i = 0; i < extra; i++) {
    lines.push({
      type: 'post',
      post: {
        team: 'equipe',
        channel: 'town-square',
        user: ['alice', 'bruno', 'chloe'][i % 3],
        message: `Message ${i} : **important** @bruno`,
        create_at: ms + 1_000_000 + i * 1000,
        ...(i % 5 === 0
          ? { reactions: [{ user: 'alice', emoji_name: 'tada', create_at: ms }] }
          : {}),
        ...(i % 10 === 0
          ? { replies: [{ user: 'chloe', message: 'Vu', create_at: ms + 1_000_500 + i * 1000 }] }
          : {}),
      },
    });
  }
  return lines.map((line) => JSON.stringify(line));
}

export async function buildMattermostExport(
  file: string,
  options: ExportOptions & { zip: boolean },
): Promise<void> {
  const jsonl = `${mattermostLines(options).join('\n')}\n`;
  if (!options.zip) {
    await writeFile(file, jsonl);
    return;
  }
  await zipOf(file, { 'export.jsonl': jsonl, 'data/equipe/compte-rendu.txt': FILE_TEXT });
}
