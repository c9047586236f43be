/**
 * The layers of DESIGN.md §2, checked on every `npm run lint`: imports run one way and never in a circle.
 * A rule names what must never be; `npx depcruise --config .dependency-cruiser.cjs server src contract`
 * prints each import that breaks one, with the rule that says why.
 */

/** Service areas, top down: an area imports only areas below it (never one on its own floor). */
const SERVICE_FLOORS = [
  ['intake'],
  ['replies'],
  ['analytics', 'templates'],
  ['notifications'],
  ['inbox'],
  ['media'],
  ['knowledge', 'accounts'],
  ['whatsapp', 'ai', 'auth', 'agents', 'mail', 'live', 'push'],
];

/** The SPA's core features, loaded with the app (src/store: CORE_SLICES); every other feature is lazy and imports only these. */
const CORE_FEATURES = ['auth', 'connection', 'live', 'theme', 'toasts'];

const either = (names) => `(${names.join('|')})`;

/** One rule per floor: its areas may not import an area on their floor or above it. */
const serviceFloorRules = SERVICE_FLOORS.map((floor, index) => {
  const sameOrAbove = SERVICE_FLOORS.slice(0, index + 1).flat();
  return {
    name: `services-downward-${floor.join('-')}`,
    comment: `Services import only the floors below them: ${floor.join(', ')} may not import ${sameOrAbove.join(', ')} (DESIGN.md §2).`,
    severity: 'error',
    from: { path: `^server/services/(${either(floor)})/` },
    to: { path: `^server/services/${either(sameOrAbove)}/`, pathNot: '^server/services/$1/' },
  };
});

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      comment: 'Files that import each other in a loop (type-only imports included) tie their rooms together.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'contract-imports-nothing-of-ours',
      comment: 'contract/ is shared by the server and the SPA: it imports neither.',
      severity: 'error',
      from: { path: '^contract/' },
      to: { path: '^(server|src)/' },
    },
    {
      name: 'spa-never-imports-server',
      severity: 'error',
      from: { path: '^src/' },
      to: { path: '^server/' },
    },
    {
      name: 'features-apart',
      comment:
        'A feature never imports another feature; what two share moves down to a core feature or src/components.',
      severity: 'error',
      from: { path: '^src/features/([^/]+)/' },
      to: {
        path: '^src/features/[^/]+/',
        pathNot: ['^src/features/$1/', `^src/features/${either(CORE_FEATURES)}/`],
      },
    },
    {
      name: 'components-below-features',
      comment: 'src/components is shared UI: it may use the core features, never a lazy one.',
      severity: 'error',
      from: { path: '^src/components/' },
      to: { path: '^src/features/[^/]+/', pathNot: `^src/features/${either(CORE_FEATURES)}/` },
    },
    {
      name: 'services-below-routes-and-plugins',
      comment: 'Routes and plugins call services; a service never reaches back up into them.',
      severity: 'error',
      from: { path: '^server/services/' },
      to: { path: '^server/(routes|plugins|process|sandbox)/' },
    },
    {
      name: 'engine-below-services',
      comment: 'The job engine and the database client know nothing of the domain.',
      severity: 'error',
      from: { path: '^server/(jobs|db)/' },
      to: { path: '^server/(services|routes|plugins|process|sandbox)/' },
    },
    {
      name: 'routes-do-not-import-routes-of-other-areas',
      comment: 'A route module is mounted from routes/index.ts; what two share lives in routes/shared.ts.',
      severity: 'error',
      from: { path: '^server/routes/([^/]+)/' },
      to: { path: '^server/routes/[^/]+/', pathNot: '^server/routes/$1/' },
    },
    ...serviceFloorRules,
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|dist|data)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'],
    },
  },
};
