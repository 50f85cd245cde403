/**
 * The import boundaries of docs/architecture.md, checked by `npm run check:arch`
 * (scripts/check-arch.mjs, also a step of `npm test`): the map in docs/architecture.md
 * stays true by construction.
 */

/**
 * Which other server features each feature may import (its code, schema and types; its
 * tests aside). The graph these lists draw has no cycle, and check-arch.mjs fails if they
 * ever do: a feature that needs one that needs it back calls for a shared piece below
 * (db/, lib/, auth/) or an inversion (a domain event, a registration), not a new entry.
 * A feature missing here may use no other.
 */
const FEATURE_USES = {
  'admin-channels': ['channels', 'messages'],
  admin: ['audit', 'files'],
  audit: [],
  boards: ['channels', 'messages'],
  calendar: ['boards', 'channels', 'disconnect', 'messages', 'reminders'],
  calls: ['channels', 'messages'],
  channels: [],
  disconnect: ['channels', 'messages', 'notifications', 'reminders'],
  digest: ['disconnect', 'notifications'],
  emoji: ['files'],
  files: ['channels'],
  friends: [],
  invites: ['channels'],
  'link-previews': ['channels', 'messages'],
  messages: ['channels', 'emoji', 'user-groups'],
  'my-day': [
    'boards',
    'calendar',
    'channels',
    'disconnect',
    'messages',
    'notifications',
    'reminders',
  ],
  notifications: ['channels', 'messages'],
  pins: ['channels', 'messages'],
  privacy: ['channels', 'files', 'notifications'],
  reminders: ['channels', 'messages'],
  search: ['channels', 'files', 'messages'],
  sfu: ['calls'],
  typing: ['channels'],
  'user-groups': [],
  users: ['channels'],
  'video-rooms': ['channels', 'sfu'],
  voice: ['channels', 'sfu'],
};

/**
 * Features every feature may use, through their index.ts: the audit log (an act and its
 * record commit together, in the act's transaction). They use no other feature.
 */
const USABLE_BY_EVERY_FEATURE = ['audit'];

const quoted = (name) => name.replace(/[-]/g, '\\-');
const featureList = (names) => names.map(quoted).join('|');

/** One rule per feature: another feature's folder is reachable only if it is on the list. */
const featureAllowList = Object.entries(FEATURE_USES).map(([feature, uses]) => ({
  name: 'feature-uses-only-its-list',
  comment: `features/${feature}/ may use ${uses.length ? uses.join(', ') : 'no other feature'} (FEATURE_USES).`,
  severity: 'error',
  from: { path: `^server/src/features/${quoted(feature)}/`, pathNot: '\\.test\\.ts$' },
  to: {
    path: '^server/src/features/[^/]+/',
    pathNot: `^server/src/features/(${featureList([feature, ...uses, ...USABLE_BY_EVERY_FEATURE])})/`,
  },
}));

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'realtime-names-no-feature',
      comment:
        'The realtime layer (sockets, topics, frames, identities) knows no feature: features ' +
        'register their frames, topic kinds and presence audiences with it.',
      severity: 'error',
      from: { path: '^server/src/realtime/' },
      to: { path: '^server/src/features/' },
    },
    {
      name: 'infrastructure-names-no-feature',
      comment:
        'The store client, the event bus and the helpers sit below the features: a feature ' +
        'depends on them, never the other way round.',
      severity: 'error',
      // Their integration tests may build data through a feature (a user, a channel).
      from: { path: '^server/src/(db|lib|events)/', pathNot: '\\.test\\.ts$' },
      to: { path: '^server/src/features/' },
    },
    {
      name: 'import-only-from-the-command-line',
      comment:
        'The Slack and Mattermost import (server/src/import/) is run by admin.ts alone: no ' +
        'feature or layer depends on it (its table, import/schema.ts, is listed by db/schema-files.ts).',
      severity: 'error',
      from: {
        path: '^server/src/',
        pathNot: ['^server/src/admin\\.ts$', '^server/src/import/', '\\.test\\.ts$'],
      },
      to: { path: '^server/src/import/' },
    },
    {
      name: 'ops-only-from-the-app',
      comment:
        'Health, readiness, metrics routes and the drain (server/src/ops/) are wired by app.ts ' +
        'and run by main.ts (admin.ts runs its doctor): the layers below declare their series in lib/metrics.ts instead.',
      severity: 'error',
      from: {
        path: '^server/src/',
        pathNot: ['^server/src/(app|main|admin)\\.ts$', '^server/src/ops/', '\\.test\\.ts$'],
      },
      to: { path: '^server/src/ops/' },
    },
    {
      name: 'feature-tables-are-private',
      comment:
        "A feature reads another feature's tables only through what that feature exports " +
        '(its service and query functions, or a query fragment), never its schema.ts. Table ' +
        'declarations may reference other tables for their foreign keys.',
      severity: 'error',
      from: { path: '^server/src/features/([^/]+)/', pathNot: '/schema\\.ts$' },
      to: {
        path: '^server/src/features/[^/]+/schema\\.ts$',
        pathNot: '^server/src/features/$1/',
      },
    },
    {
      name: 'no-circular',
      comment:
        'No module of the server or of shared/ reaches itself again through its imports: a ' +
        'cycle means two pieces that cannot be understood, tested or moved apart.',
      severity: 'error',
      from: { path: '^(server/src|shared)/' },
      to: { circular: true },
    },
    {
      name: 'auth-below-the-features',
      comment:
        'Identity (auth/: users, sessions, sign-in) sits below the features: every feature may ' +
        'use it, it names none. What a feature adds to a new account is its own userCreated ' +
        'step or subscriber (auth/events.ts).',
      severity: 'error',
      from: { path: '^server/src/auth/' },
      to: { path: '^server/src/features/' },
    },
    ...featureAllowList,
    {
      name: 'feature-uses-only-its-list',
      comment: 'A feature folder not in FEATURE_USES may use no other feature until it is listed.',
      severity: 'error',
      from: {
        path: '^server/src/features/([^/]+)/',
        pathNot: [
          `^server/src/features/(${featureList(Object.keys(FEATURE_USES))})/`,
          '\\.test\\.ts$',
        ],
      },
      to: { path: '^server/src/features/[^/]+/', pathNot: '^server/src/features/$1/' },
    },
    {
      name: 'web-feature-through-its-index',
      comment:
        'A web feature is used by another feature or by app/ only through its index.ts, its public ' +
        'face (docs/architecture.md, "Web"). A screen loaded on demand is the exception: import() ' +
        "names its module, since a re-export from index.ts would pull it into the importer's chunk.",
      severity: 'error',
      from: { path: '^web/src/(app/|features/([^/]+)/)' },
      to: {
        path: '^web/src/features/[^/]+/',
        pathNot: ['^web/src/features/$2/', '^web/src/features/[^/]+/index\\.ts$'],
        dependencyTypesNot: ['dynamic-import'],
      },
    },
    {
      name: 'web-lib-and-components-below-features',
      comment:
        'Mechanisms (web/src/lib/) and shared UI (web/src/components/) sit below the features: ' +
        'a feature plugs into them (registries, props), they never name a feature. Their tests ' +
        "may build data with a feature's test helper.",
      severity: 'error',
      from: { path: '^web/src/(lib|components)/', pathNot: '\\.test\\.tsx?$' },
      to: { path: '^web/src/features/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|dist|data)/' },
    // TypeScript 7 (native) has no compiler API for dependency-cruiser: swc parses, and
    // keeps type-only imports, which count (a type from another feature's tables is a read).
    parser: 'swc',
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    combinedDependencies: false,
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'],
    },
  },
};

// For scripts/check-arch.mjs (the lists' own acyclicity); not an option dependency-cruiser
// reads, so it stays out of its validated configuration.
Object.defineProperty(module.exports, 'FEATURE_USES', { value: FEATURE_USES });
