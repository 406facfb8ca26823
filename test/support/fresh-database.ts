import { openDatabase } from '../../src-main/platform/db/open-database'
import type { PostgresCluster } from './postgres-cluster'

let made = 0

/** A new, empty database on the cluster (`<prefix>_<n>`), its connection string: each test its own, so rows of one never reach another. */
export async function freshDatabase(cluster: PostgresCluster, prefix: string): Promise<string> {
  const name = `${prefix}_${++made}`
  const admin = await openDatabase({ folder: '', url: cluster.url() })
  try {
    // developer-only: SQL run by a test.
    await admin.query(`CREATE DATABASE ${name}`)
  } finally {
    await admin.close()
  }
  return cluster.url(name)
}
