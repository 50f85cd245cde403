import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiErrorBody } from '#shared/auth';
import type { Channel } from '#shared/channels';
import type { MessageSearchResult, SearchPage, SearchResult } from '#shared/search';
import { addMember, buildChannel, sendMessage } from '../../../test/chat-factories';
import { type Actor, buildUser } from '../../../test/factories';
import { startTestServer, type TestServer } from '../../../test/server';
import { GIN_FIRST } from '../messages/search-fragment';

let server: TestServer;
let alice: Actor;
let bob: Actor;
let eve: Actor;
let general: Channel;
let secret: Channel;

beforeAll(async () => {
  server = await startTestServer();
  [alice, bob, eve] = await Promise.all([
    buildUser(server, { displayName: 'Alice', firstName: 'Alice', lastName: 'Durand' }),
    buildUser(server, { displayName: 'Bob', firstName: 'Robert', lastName: 'Petit' }),
    buildUser(server, { displayName: 'Ève', firstName: 'Ève', lastName: 'Noir' }),
  ]);
  general = await buildChannel(alice, { name: 'Général' });
  secret = await buildChannel(alice, { name: 'secret', type: 'group' });
  await addMember(general, alice, bob);
  await addMember(general, alice, eve);
  await addMember(secret, alice, bob);
});
afterAll(() => server?.close());

const search = (who: Actor, q: string, cursor?: string) =>
  who.client.get<SearchPage & ApiErrorBody>(
    `/api/search?q=${encodeURIComponent(q)}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
  );
const ids = (page: SearchPage) => page.results.map((r) => r.id);
const contents = (page: SearchPage) =>
  page.results.filter((r): r is MessageSearchResult => r.kind === 'message').map((r) => r.content);
/** A word no other test uses, so that each test sees only its own messages. */
const word = () => `mot${randomUUID().replace(/-/g, '').slice(0, 10)}`;

async function addFile(channelId: string, uploader: Actor, name: string): Promise<string> {
  const [row] = await server.database.sql<{ id: string }[]>`
    insert into files (channel_id, uploaded_by_id, filename, original_name, mime_type, size, url)
    values (${channelId}, ${uploader.user.id}, ${randomUUID()}, ${name}, 'application/pdf', 1234,
      ${`/uploads/${randomUUID()}`})
    returning id`;
  return row!.id;
}

const setCreatedAt = (messageId: string, at: string) =>
  server.database.sql`update messages set created_at = ${at}::timestamptz where id = ${messageId}`;

describe('GET /api/search', () => {
  it('refuses fewer than 3 characters with the French message', async () => {
    for (const q of ['', 'ab', '  a  ']) {
      const res = await search(alice, q);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('Saisissez au moins 3 caractères pour rechercher');
    }
    expect((await search(alice, 'abc')).status).toBe(200);
  });

  it('needs a session', async () => {
    const anonymous = await (await fetch(`${server.url}/api/search?q=bonjour`)).status;
    expect(anonymous).toBe(401);
  });

  it('finds plurals and words without their accents, and the other way round', async () => {
    const m = await sendMessage(alice, general.id, 'La réunion de l’équipe est déplacée à jeudi');
    const other = await sendMessage(alice, general.id, 'Les élèves préparent les réunions');
    for (const q of ['reunions', 'Réunion', 'REUNION', 'equipes', 'deplacee']) {
      const res = await search(bob, q);
      expect(res.status, q).toBe(200);
      expect(ids(res.body), q).toContain(m.id);
    }
    expect(ids((await search(bob, 'eleve')).body)).toContain(other.id);
  });

  it('finds as one types: the last word unfinished matches the start of a word', async () => {
    const w = word();
    const m = await sendMessage(alice, general.id, `${w} : la réunion budgétaire commence`);
    for (const q of [`${w} réu`, `${w} reun`, `${w} budgetai`]) {
      const res = await search(bob, q);
      expect(ids(res.body), q).toEqual([m.id]);
    }
    const [hit] = (await search(bob, `${w} budg`)).body.results as MessageSearchResult[];
    expect(hit?.snippet.filter((p) => p.match).map((p) => p.text)).toEqual([w, 'budgétaire']);
    // Only the last word: an earlier one is whole.
    expect((await search(bob, `réu ${w}`)).body.results).toEqual([]);
  });

  it('presents each result with its channel, author and a highlighted excerpt', async () => {
    const w = word();
    const m = await sendMessage(alice, general.id, `Avant le café, relisez le ${w} du projet`);
    const res = await search(bob, w);
    expect(res.body.results).toHaveLength(1);
    const [hit] = res.body.results as MessageSearchResult[];
    expect(hit).toMatchObject({
      kind: 'message',
      id: m.id,
      content: m.content,
      channelId: general.id,
      userId: alice.user.id,
      channel: { id: general.id, name: 'Général', type: 'channel' },
      user: { id: alice.user.id, displayName: 'Alice' },
      parentMessageId: null,
    });
    expect(hit?.user).not.toHaveProperty('passwordHash');
    expect(hit?.snippet.filter((p) => p.match).map((p) => p.text)).toEqual([w]);
    expect(hit?.snippet.map((p) => p.text).join('')).toBe(m.content);
  });

  it('highlights the word as written, accents and plural included', async () => {
    await sendMessage(alice, general.id, 'Trois réunions sont prévues pour les élèves');
    const res = await search(bob, 'reunion eleve');
    const hit = res.body.results[0] as MessageSearchResult;
    expect(hit.snippet.filter((p) => p.match).map((p) => p.text)).toEqual(['réunions', 'élèves']);
  });

  it('shows a short message whole, and a passage of a long one', async () => {
    const w = word();
    const short = await sendMessage(alice, general.id, `La ${w} de lundi ?`);
    const filler = (n: number) => Array.from({ length: n }, (_, i) => `remplissage${i}`).join(' ');
    await sendMessage(alice, general.id, `${filler(60)} puis ${w} enfin ${filler(60)}`);
    const [long, whole] = (await search(bob, w)).body.results as MessageSearchResult[];
    expect(whole?.id).toBe(short.id);
    expect(whole?.snippet.map((p) => p.text).join('')).toBe(short.content);
    const text = long?.snippet.map((p) => p.text).join('') ?? '';
    expect(text.startsWith('… ')).toBe(true);
    expect(text.endsWith(' …')).toBe(true);
    expect(text.length).toBeLessThan(600);
    expect(long?.snippet.filter((p) => p.match).map((p) => p.text)).toEqual([w]);
  });

  it('matches an "exact phrase" and not the same words apart', async () => {
    const w = word();
    const together = await sendMessage(alice, general.id, `${w} ordre du jour validé`);
    await sendMessage(alice, general.id, `${w} le jour de l'ordre`);
    expect(ids((await search(bob, `${w} "ordre du jour"`)).body)).toEqual([together.id]);
    expect((await search(bob, `${w} ordre jour`)).body.results).toHaveLength(2);
  });

  it("never shows a private group's messages or files to a non-member", async () => {
    const w = word();
    const m = await sendMessage(alice, secret.id, `Le ${w} confidentiel`);
    const file = await addFile(secret.id, alice, `${w}-budget.pdf`);
    expect(ids((await search(bob, w)).body).sort()).toEqual([m.id, file].sort());
    const res = await search(eve, w);
    expect(res.status).toBe(200);
    expect(res.body.results).toEqual([]);
    expect((await search(eve, `dans:#secret ${w}`)).body.results).toEqual([]);
    expect((await search(eve, `a:fichier ${w}`)).body.results).toEqual([]);
  });

  it('stops finding a channel once the member is removed', async () => {
    const w = word();
    const room = await buildChannel(alice, { type: 'group' });
    await addMember(room, alice, eve);
    const m = await sendMessage(alice, room.id, `Point ${w} du lundi`);
    expect(ids((await search(eve, w)).body)).toEqual([m.id]);
    const removed = await alice.client.delete(`/api/channels/${room.id}/members/${eve.user.id}`);
    expect(removed.status).toBeLessThan(300);
    expect((await search(eve, w)).body.results).toEqual([]);
  });

  it('finds files by their name, as results of kind file', async () => {
    const w = word();
    const file = await addFile(general.id, bob, `Compte-rendu_${w}.final.PDF`);
    const res = await search(eve, w);
    expect(res.body.results).toEqual([
      expect.objectContaining({
        kind: 'file',
        id: file,
        name: `Compte-rendu_${w}.final.PDF`,
        channel: { id: general.id, name: 'Général', type: 'channel' },
        user: expect.objectContaining({ id: bob.user.id }),
        mimeType: 'application/pdf',
        size: 1234,
      }),
    ]);
    expect(ids((await search(eve, 'comptes finals pdf')).body)).toContain(file);
  });

  describe('operators', () => {
    it('de:@nom keeps one author (display name, first name, e-mail)', async () => {
      const w = word();
      const fromAlice = await sendMessage(alice, general.id, `${w} de la part d'Alice`);
      const fromBob = await sendMessage(bob, general.id, `${w} de la part de Bob`);
      expect(ids((await search(eve, `${w} de:@alice`)).body)).toEqual([fromAlice.id]);
      expect(ids((await search(eve, `${w} de:@Robert`)).body)).toEqual([fromBob.id]);
      const local = bob.user.email!.split('@')[0];
      expect(ids((await search(eve, `${w} de:@${local}`)).body)).toEqual([fromBob.id]);
      expect(ids((await search(eve, `${w} from:@bob`)).body)).toEqual([fromBob.id]);
      // Only the author: no words needed.
      expect(ids((await search(eve, 'de:@Ève')).body)).toEqual([]);
    });

    it('several de: widen, and -mot leaves a word out', async () => {
      const w = word();
      const fromAlice = await sendMessage(alice, general.id, `${w} café`);
      const fromBob = await sendMessage(bob, general.id, `${w} thé`);
      await sendMessage(eve, general.id, `${w} chocolat`);
      expect(ids((await search(eve, `${w} de:@alice de:@bob`)).body)).toEqual([
        fromBob.id,
        fromAlice.id,
      ]);
      expect(ids((await search(eve, `${w} de:@alice de:@bob -thé`)).body)).toEqual([fromAlice.id]);
    });

    it('dans:#canal keeps one of my channels', async () => {
      const w = word();
      const inGeneral = await sendMessage(alice, general.id, `${w} ici`);
      const inSecret = await sendMessage(alice, secret.id, `${w} là`);
      expect(ids((await search(bob, `${w} dans:#général`)).body)).toEqual([inGeneral.id]);
      expect(ids((await search(bob, `${w} dans:#GENERAL`)).body)).toEqual([inGeneral.id]);
      expect(ids((await search(bob, `${w} dans:#Secret`)).body)).toEqual([inSecret.id]);
      expect(ids((await search(bob, `${w} dans:#nulle-part`)).body)).toEqual([]);
    });

    it('avant:, après: (and apres:) and le: bound the day, in Paris time', async () => {
      const w = word();
      const early = await sendMessage(alice, general.id, `${w} un`);
      const middle = await sendMessage(alice, general.id, `${w} deux`);
      const late = await sendMessage(alice, general.id, `${w} trois`);
      await setCreatedAt(early.id, '2026-11-10T12:00:00Z');
      // 23:30 in Paris on the 15th is the 15th there, though the 15th ends at 23:00 UTC.
      await setCreatedAt(middle.id, '2026-11-15T22:30:00Z');
      await setCreatedAt(late.id, '2026-11-20T08:00:00Z');
      expect(ids((await search(bob, `${w} avant:2026-11-15`)).body)).toEqual([early.id]);
      expect(ids((await search(bob, `${w} avant:2026-11-16`)).body)).toEqual([middle.id, early.id]);
      expect(ids((await search(bob, `${w} après:2026-11-15`)).body)).toEqual([late.id]);
      expect(ids((await search(bob, `${w} apres:2026-11-14`)).body)).toEqual([late.id, middle.id]);
      expect(ids((await search(bob, `${w} le:2026-11-15`)).body)).toEqual([middle.id]);
      expect(ids((await search(bob, `${w} le:15/11/2026`)).body)).toEqual([middle.id]);
      const bad = await search(bob, `${w} avant:2026-13-01`);
      expect(bad.status).toBe(400);
      expect(bad.body.message).toBe('Date invalide après « avant: » : écrivez-la AAAA-MM-JJ');
    });

    it('a:fichier keeps messages with attachments, and files', async () => {
      const w = word();
      const attachment = {
        id: 'a1',
        name: 'plan.png',
        url: '/uploads/plan.png',
        size: 10,
        mimeType: 'image/png',
      };
      const withFile = await sendMessage(alice, general.id, {
        content: `${w} voici le plan`,
        attachments: [attachment],
      });
      await sendMessage(alice, general.id, `${w} sans pièce jointe`);
      const file = await addFile(general.id, alice, `${w}.pdf`);
      expect(ids((await search(bob, `${w} a:fichier`)).body).sort()).toEqual(
        [withFile.id, file].sort(),
      );
    });
  });

  it('pages newest first by cursor, with no duplicate and no gap', async () => {
    const w = word();
    const sent: string[] = [];
    for (let i = 0; i < 45; i++) {
      sent.push((await sendMessage(alice, general.id, `${w} numéro ${i}`)).id);
    }
    // Same instant for some: the id breaks the tie.
    await server.database.sql`update messages set created_at = '2026-11-01T10:00:00Z'
      where id in ${server.database.sql(sent.slice(10, 30))}`;
    const expected = (
      await server.database.sql<{ id: string }[]>`select id from messages
        where id in ${server.database.sql(sent)} order by created_at desc, id desc`
    ).map((r) => r.id);
    const seen: string[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const res = await search(eve, w, cursor);
      expect(res.status).toBe(200);
      seen.push(...ids(res.body));
      cursor = res.body.nextCursor ?? undefined;
      pages += 1;
    } while (cursor && pages < 10);
    expect(pages).toBe(3);
    expect(seen).toEqual(expected);
  });

  it('refuses a forged cursor', async () => {
    const res = await search(bob, 'réunion', 'bm9uc2Vuc2U');
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Curseur de recherche invalide');
  });

  it('answers an empty page for a query of French stop words only', async () => {
    const res = await search(bob, 'de la du');
    expect(res.status).toBe(200);
    expect(res.body.results).toEqual([]);
  });

  it('keeps the result kinds apart', async () => {
    const res = await search(bob, 'reunion');
    expect(res.body.results.every((r: SearchResult) => r.kind === 'message')).toBe(true);
    expect(contents(res.body).length).toBeGreaterThan(0);
  });
});

describe('a word in more messages than the GIN gathering takes', () => {
  it('pages newest first with no gap or double, and a rare word beside it is still found', async () => {
    const channel = await buildChannel(alice, { name: `volume-${word().slice(3, 9)}` });
    const common = word();
    const rare = word();
    const count = GIN_FIRST + 30;
    await server.database.sql`
      insert into messages (channel_id, user_id, content, seq, created_at)
      select ${channel.id}::uuid, ${alice.user.id}::uuid, ${common} || ' numéro ' || g, g,
        now() - make_interval(secs => ${count} - g)
      from generate_series(1, ${count}) g`;
    // Written beside the send path, which would take these seqs again.
    await server.database.sql`
      insert into messages (channel_id, user_id, content, seq)
      values (${channel.id}::uuid, ${alice.user.id}::uuid, ${`${common} et ${rare}`}, ${count + 1})`;

    const expected = (
      await server.database.sql<{ id: string }[]>`
        select id from messages where channel_id = ${channel.id}::uuid
        order by created_at desc, id desc limit 60`
    ).map((r) => r.id);
    const seen: string[] = [];
    let cursor: string | undefined;
    for (let page = 0; page < 3; page++) {
      const res = await search(alice, common, cursor);
      expect(res.status).toBe(200);
      seen.push(...ids(res.body));
      cursor = res.body.nextCursor ?? undefined;
      expect(cursor).toBeTruthy();
    }
    expect(seen).toEqual(expected);

    const found = await search(alice, rare);
    expect(contents(found.body)).toEqual([`${common} et ${rare}`]);
  });
});
