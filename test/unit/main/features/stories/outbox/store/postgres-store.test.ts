import { afterAll, beforeAll, describe, it } from 'vitest'
import { findPostgresBin, POSTGRES_MISSING, startPostgresCluster, type PostgresCluster } from '../../../../../../support/postgres-cluster'
import { serverFixtures } from './pg-fixtures'
import { describeOutboxStore } from './store-conformance'

if (findPostgresBin() === null) {
  describe.skip(`outbox store contract: PostgreSQL server: ${POSTGRES_MISSING}`, () => {
    it('runs against a throwaway PostgreSQL cluster', () => {})
  })
} else {
  let cluster: PostgresCluster | null = null
  beforeAll(async () => {
    cluster = await startPostgresCluster()
  }, 120_000)
  afterAll(() => cluster?.stop())
  const server = serverFixtures(() => cluster!)
  afterAll(() => server.cleanup())
  describeOutboxStore('PostgreSQL server (a throwaway cluster)', () => server.fixture())
}
