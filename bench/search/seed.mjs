#!/usr/bin/env node
// Search benchmark, step 1: a workspace of French messages for bench/search/run.mjs.
//   node bench/search/seed.mjs --store postgres --messages 1000000 --channels 200
//   node bench/search/seed.mjs --store embedded --messages 1000000 --channels 200
// PostgreSQL: the database --name (default ruche_search_bench) on --database-url, made
// afresh. Embedded: the store in --data-dir (default bench/.tmp/search-embedded), made afresh.
// Two readers are signed up through the API (one in 20 channels, one in all of them); the
// messages are generated here and written in batches of multi-row INSERTs (unnest of
// arrays), with the search indexes dropped during the load and built again after it.
import { mkdirSync, rmSync } from 'node:fs';
import { destroyAgent, expectOk, request } from '../lib/http.mjs';
import { buildServer, createDatabase, startRuche, storeClient, tempDir } from '../lib/servers.mjs';
import { databaseUrlOf, log, options, PASSWORD, PROBES, READERS, SECRET } from './common.mjs';

const opt = options({
  messages: { type: 'string', default: '1000000' },
  channels: { type: 'string', default: '200' },
  authors: { type: 'string', default: '50' },
  batch: { type: 'string', default: '20000' },
});
if (opt.help) {
  console.log(
    'node bench/search/seed.mjs [--store postgres|embedded] [--messages N] [--channels N]',
  );
  process.exit(0);
}
const total = Number(opt.messages);
const channelCount = Number(opt.channels);
const batch = Number(opt.batch);
if (channelCount < READERS.few.channels) throw new Error(`--channels ≥ ${READERS.few.channels}`);

// Everyday French words of a team's messages; earlier ones come up more often (Zipf-like).
const VOCABULARY = `le la les un une des de du et à en pour que qui dans sur avec pas est sont
  on nous vous il elle ce cette ça fait faire peut merci bonjour salut demain aujourd'hui hier
  semaine lundi mardi mercredi jeudi vendredi matin soir projet équipe client version serveur
  déploiement test tests bug correctif ticket revue code fichier document rapport présentation
  planning tâche tâches priorité urgent question réponse idée proposition décision validé
  validée terminé commencé bloqué problème solution besoin envoyé reçu lien page écran
  maquette design produit utilisateur utilisateurs compte accès mot passe connexion erreur
  données base migration sauvegarde performance rapide lent mise jour nouvelle nouveau
  ancien prochaine prochain dernière dernier appel visio café déjeuner pause congés absent
  retour bureau télétravail contrat facture devis commande livraison stock prix marché
  ventes objectif résultat chiffres trimestre année mois formation atelier séminaire
  événement salle agenda calendrier rappel note compte-rendu ordre jour point suivi
  collègue responsable direction stagiaire recrutement entretien candidat poste équipe
  mobile web application interface navigateur téléphone ordinateur imprimante réseau
  sécurité mise production recette intégration continue branche fusion revue relecture
  traduction texte image vidéo audio son micro caméra partage écran document tableau
  graphique analyse étude enquête sondage avis retour satisfaction qualité délai retard
  avance budget`
  .split(/\s+/)
  .filter((w) => w && !Object.values(PROBES).some((p) => p.word === w));

// A deterministic generator, so that two seeds of the same size hold the same messages.
let state = 42;
const random = () => {
  state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
  return state / 2_147_483_648;
};
const COMMON_FORMS = ['réunion', 'réunions', 'Réunion', 'reunion'];

/** Message i: 4 to 16 words, then the probe words at their rates. */
function messageText(i) {
  const words = [];
  for (let n = 4 + (i % 13); n > 0; n--) {
    words.push(VOCABULARY[Math.floor(random() ** 2.5 * VOCABULARY.length)]);
  }
  if (random() < PROBES.common.share) words.push(COMMON_FORMS[i % COMMON_FORMS.length]);
  if (random() < PROBES.medium.share) words.push(PROBES.medium.word);
  if (i % PROBES.rare.every === 77) words.push(PROBES.rare.word);
  return words.join(' ');
}

const main = await buildServer();
let databaseUrl;
let dataDir;
if (opt.store === 'postgres') {
  databaseUrl = await createDatabase(opt['database-url'], opt.name);
  dataDir = tempDir('rsb-');
  log(`PostgreSQL database ${databaseUrlOf(opt['database-url'], opt.name)}`);
} else {
  dataDir = opt['data-dir'];
  rmSync(dataDir, { recursive: true, force: true });
  mkdirSync(dataDir, { recursive: true });
  log(`embedded store in ${dataDir}`);
}
const ruche = await startRuche({ main, databaseUrl, dataDir, secret: SECRET });
const sql = storeClient({ databaseUrl, dataDir });
const started = performance.now();
try {
  const readerIds = {};
  for (const [key, reader] of Object.entries(READERS)) {
    const res = await expectOk(
      request(ruche.port, 'POST', '/api/auth/register', {
        body: { email: reader.email, password: PASSWORD, firstName: 'Lecteur', lastName: key },
      }),
      `sign-up ${reader.email}`,
    );
    readerIds[key] = res.json.id;
  }
  const authors = (
    await sql`insert into users (email, first_name, last_name, display_name)
      select 'auteur' || g || '@bench.test', 'Auteur', 'N' || g, 'auteur' || g
      from generate_series(1, ${Number(opt.authors)}) g returning id`
  ).map((r) => r.id);
  const channels = (
    await sql`insert into channels (name, type, created_by_id)
      select 'canal-' || g, 'channel', ${readerIds.all}::uuid
      from generate_series(1, ${channelCount}) g order by g returning id`
  ).map((r) => r.id);
  await sql`insert into channel_members (channel_id, user_id, role)
    select c, ${readerIds.all}::uuid, 'owner' from unnest(${channels}::uuid[]) c`;
  await sql`insert into channel_members (channel_id, user_id)
    select c, ${readerIds.few}::uuid from unnest(${channels.slice(0, READERS.few.channels)}::uuid[]) c`;

  log('dropping the search indexes for the load');
  await sql`drop index if exists messages_content_search_idx`;
  await sql`drop index if exists messages_created_idx`;
  const start = Date.now() - total * 1000;
  for (let from = 0; from < total; from += batch) {
    const to = Math.min(total, from + batch) - 1;
    // One message a second, oldest first; channel i % channels, its seq i / channels + 1.
    const rows = { channel: [], author: [], content: [], seq: [], at: [] };
    for (let i = from; i <= to; i++) {
      rows.channel.push(channels[i % channelCount]);
      rows.author.push(authors[(i * 7) % authors.length]);
      rows.content.push(messageText(i));
      rows.seq.push(Math.floor(i / channelCount) + 1);
      rows.at.push(new Date(start + i * 1000).toISOString());
    }
    await sql`insert into messages (channel_id, user_id, content, seq, created_at)
      select * from unnest(${rows.channel}::uuid[], ${rows.author}::uuid[], ${rows.content}::text[],
        ${rows.seq}::bigint[], ${rows.at}::timestamptz[])`;
    log(`  ${to + 1} / ${total} messages (${((performance.now() - started) / 1000).toFixed(0)} s)`);
  }
  await sql`update channels c set last_seq = m.top
    from (select channel_id, max(seq) top from messages group by channel_id) m
    where m.channel_id = c.id`;
  log('building the search indexes');
  await sql.unsafe(`set maintenance_work_mem = '${opt.store === 'postgres' ? '512MB' : '128MB'}'`);
  await sql.unsafe(
    'create index messages_content_search_idx on messages using gin (search_vector)',
  );
  await sql.unsafe('create index messages_created_idx on messages (created_at, id)');
  await sql`analyze`;
  const [{ count }] = await sql`select count(*)::int as count from messages`;
  log(
    `${count} messages in ${channelCount} channels, ${((performance.now() - started) / 1000).toFixed(0)} s`,
  );
  console.log(
    opt.store === 'postgres'
      ? `node bench/search/run.mjs --store postgres --name ${opt.name}`
      : `node bench/search/run.mjs --store embedded --data-dir ${dataDir}`,
  );
} finally {
  await sql.end({ timeout: 5 });
  await ruche.stop();
  await destroyAgent();
  if (opt.store === 'postgres') rmSync(dataDir, { recursive: true, force: true });
}
