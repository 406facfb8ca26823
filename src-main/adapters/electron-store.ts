import ElectronStore from 'electron-store'
import type { OpenKeyValueStore } from '../platform/store/key-value-store'
import { STORE_FILE_MODE, wrapConf } from './conf-store'

/**
 * electron-store under the app's data folder, owner-only. `clearInvalidConfig` stays off:
 * a damaged file is set aside by the caller (openStoreWithRecovery), never wiped here.
 */
export const openElectronStore: OpenKeyValueStore = ({ dir, name }) =>
  wrapConf(
    new ElectronStore<Record<string, unknown>>({
      cwd: dir,
      name,
      clearInvalidConfig: false,
      configFileMode: STORE_FILE_MODE,
      accessPropertiesByDotNotation: false,
    }),
  )
