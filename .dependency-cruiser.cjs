/**
 * The floors of main, and no import cycles anywhere (`npm run lint` runs this).
 *
 *   app (index.ts, app/, web/, agent/, adapters/)  >  handlers/  >  features/  >  account/  >  platform/
 *
 * A floor imports only the floors below it (and src-shared). The emulator and the launcher
 * stand apart: they import no floor, and only the account floor (the demo) and the app use the
 * emulator. Folder-level cycles are checked by test/unit/architecture/import-graph.test.ts.
 */
const FLOORS = [
  { name: 'platform', path: '^src-main/platform/' },
  { name: 'account', path: '^src-main/account/' },
  { name: 'features', path: '^src-main/features/' },
  { name: 'handlers', path: '^src-main/handlers/' },
]
const ABOVE_ALL = '^src-main/(index\\.ts|app/|web/|agent/|adapters/)'

const floorRules = FLOORS.map((floor, at) => ({
  name: `floor-${floor.name}`,
  comment: `${floor.name} imports only the floors below it`,
  severity: 'error',
  from: { path: floor.path },
  to: { path: [...FLOORS.slice(at + 1).map((above) => above.path), ABOVE_ALL, '^src-main/launcher/'] },
}))

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      comment: 'No file reaches itself through its imports.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    ...floorRules,
    {
      name: 'emulator-apart',
      comment: 'The emulator is a server of its own: it imports no floor of main.',
      severity: 'error',
      from: { path: '^src-main/emulator/' },
      to: { path: '^src-main/(?!emulator/)' },
    },
    {
      name: 'emulator-users',
      comment: 'Only the demo (account floor), the app and the tests start the emulator.',
      severity: 'error',
      from: { path: '^src-main/(platform|features|handlers)/' },
      to: { path: '^src-main/emulator/' },
    },
    {
      name: 'shared-alone',
      comment: 'src-shared runs in every process and imports none of them.',
      severity: 'error',
      from: { path: '^src-shared/' },
      to: { path: '^src-(main|renderer|preload)/' },
    },
    {
      name: 'renderer-alone',
      comment: 'The renderer reaches main only through its bridge.',
      severity: 'error',
      from: { path: '^src-renderer/' },
      to: { path: '^src-(main|preload)/' },
    },
  ],
  options: {
    tsConfig: { fileName: 'tsconfig.json' },
    tsPreCompilationDeps: true,
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)node_modules/' },
    enhancedResolveOptions: { extensions: ['.ts', '.vue', '.js'] },
  },
}
