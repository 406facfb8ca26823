import { afterAll, beforeAll } from 'vitest'
import { pgliteFixtures } from './pg-fixtures'
import { describeOutboxStore } from './store-conformance'

const pglite = pgliteFixtures()
beforeAll(() => pglite.warm(), 180_000)
afterAll(() => pglite.cleanup())

describeOutboxStore('PostgreSQL on PGlite (a folder, no server)', () => pglite.fixture())
