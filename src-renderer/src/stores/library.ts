import type { CsvColumns, CsvImportResult } from '@shared/channels/library'
import type { AppErrorData, Result } from '@shared/errors'
import { StoryDraftSchema } from '@shared/story/draft'
import type { AudienceView } from '@shared/channels/library'
import type { Audience, SavedDraft, StoryStyle } from '@shared/story/library'
import { defineStore } from 'pinia'
import { ref, shallowRef, watch } from 'vue'
import { bridge } from '../bridge'
import { useAccountsStore } from './accounts'
import { usePublishStore } from './publish'
import { useStoriesStore } from './stories'

/**
 * What the composer keeps for reuse: saved audiences and text styles (the same for every
 * account) and the saved drafts of the account on this client's screen.
 */
export const useLibraryStore = defineStore('library', () => {
  const accounts = useAccountsStore()
  const stories = useStoriesStore()
  const audiences = shallowRef<AudienceView[]>([])
  const styles = shallowRef<StoryStyle[]>([])
  const drafts = shallowRef<SavedDraft[]>([])
  /** The last failure of a library action, shown where the action is. */
  const error = shallowRef<{ area: 'audiences' | 'styles' | 'drafts'; error: AppErrorData } | null>(null)
  const loaded = ref(false)
  /** The saved drafts follow the account on screen once the library has been loaded. */
  let following = false

  async function run<T>(area: 'audiences' | 'styles' | 'drafts', call: Promise<Result<T>>): Promise<T | null> {
    const result = await call
    if (!result.ok) {
      error.value = { area, error: result.error }
      return null
    }
    if (error.value?.area === area) error.value = null
    return result.value
  }

  // Drafts belong to an account: another account on screen shows its own.
  watch(
    () => accounts.activeId,
    (id, previous) => {
      if (!following || id === previous) return
      drafts.value = []
      if (error.value?.area === 'drafts') error.value = null
      void loadDrafts()
    },
    { flush: 'sync' },
  )

  async function load(): Promise<void> {
    following = true
    const [a, s] = await Promise.all([
      run('audiences', bridge.call('audiences:list')),
      run('styles', bridge.call('styles:list')),
      loadDrafts(),
    ])
    if (a) audiences.value = a
    if (s) styles.value = s
    loaded.value = true
  }

  async function loadDrafts(): Promise<void> {
    const accountId = accounts.activeId
    if (accountId === null) return
    const list = await run('drafts', bridge.call('drafts:list', { accountId }))
    if (list && accountId === accounts.activeId) drafts.value = list
  }

  async function saveAudience(name: string, contacts: readonly string[]): Promise<boolean> {
    const list = await run('audiences', bridge.call('audiences:save', { name, contacts: [...contacts] }))
    if (list) audiences.value = list
    return list !== null
  }

  async function deleteAudience(id: string): Promise<void> {
    const list = await run('audiences', bridge.call('audiences:delete', { id }))
    if (list) audiences.value = list
  }

  /** Puts a saved audience in the composer: only these contacts see the story. */
  function useAudience(audience: Audience): void {
    stories.draft.audience = { ...stories.draft.audience, mode: 'contacts', contacts: [...audience.contacts] }
  }

  function csvColumns(text: string): Promise<CsvColumns | null> {
    return run('audiences', bridge.call('audiences:csv-columns', { text }))
  }

  async function importCsv(text: string, column: number, name: string): Promise<CsvImportResult | null> {
    const result = await run('audiences', bridge.call('audiences:csv-import', { text, column, name }))
    if (result) audiences.value = result.audiences
    return result
  }

  async function saveStyle(name: string): Promise<boolean> {
    const { background, color, font } = stories.draft.text
    const list = await run('styles', bridge.call('styles:save', { name, background, color, font }))
    if (list) styles.value = list
    return list !== null
  }

  async function deleteStyle(id: string): Promise<void> {
    const list = await run('styles', bridge.call('styles:delete', { id }))
    if (list) styles.value = list
  }

  function applyStyle(style: StoryStyle): void {
    stories.draft.text = { ...stories.draft.text, background: style.background, color: style.color, font: style.font }
  }

  /** Keeps the composer's story as a saved draft of the account whose composer it is. */
  async function saveDraft(): Promise<boolean> {
    const accountId = stories.accountId
    if (accountId === null) return false
    const list = await run('drafts', bridge.call('drafts:save', { accountId, draft: StoryDraftSchema.parse(stories.draft) }))
    if (list && accountId === accounts.activeId) drafts.value = list
    return list !== null
  }

  async function deleteDraft(id: string): Promise<void> {
    const accountId = accounts.activeId
    if (accountId === null) return
    const list = await run('drafts', bridge.call('drafts:delete', { accountId, id }))
    if (list && accountId === accounts.activeId) drafts.value = list
  }

  /** Opens a saved draft in the composer; it stays saved until deleted. */
  async function openDraft(saved: SavedDraft): Promise<void> {
    await stories.applyDraft(StoryDraftSchema.parse(saved.draft))
    usePublishStore().forgetComposerOutcome()
  }

  function dispose(): void {
    following = false
  }

  return {
    audiences,
    styles,
    drafts,
    error,
    loaded,
    load,
    saveAudience,
    deleteAudience,
    useAudience,
    csvColumns,
    importCsv,
    saveStyle,
    deleteStyle,
    applyStyle,
    saveDraft,
    deleteDraft,
    openDraft,
    dispose,
  }
})
