/**
 * The import boundaries of docs/architecture.md, checked by the test suite
 * (server/src/architecture.test.ts runs this configuration): the map in
 * docs/architecture.md stays true by construction.
 */
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
      name: 'ops-only-from-the-app',
      comment:
        'Health, readiness, metrics routes and the drain (server/src/ops/) are wired by app.ts ' +
        'and run by main.ts: the layers below declare their series in lib/metrics.ts instead.',
      severity: 'error',
      from: {
        path: '^server/src/',
        pathNot: ['^server/src/(app|main)\\.ts$', '^server/src/ops/', '\\.test\\.ts$'],
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
