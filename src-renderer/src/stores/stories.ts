import type { ContactsPage } from '@shared/channels/stories'
import { type AppErrorData, codeText, type Result } from '@shared/errors'
import { blockingIssues, checkStory, type StoryIssue } from '@shared/story/checks'
import { emptyDraft, StoryDraftSchema, type StoryDraft } from '@shared/story/draft'
import { DEFAULT_STORY_LIMITS, type StoryLimits } from '@shared/story/limits'
import { MEDIA_UPLOAD_PATH, type MediaGrant } from '@shared/story/media-facts'
import { defineStore } from 'pinia'
import { computed, ref, shallowRef, watch } from 'vue'
import { bridge } from '../bridge'
import { useAccountsStore } from './accounts'

/** Problems that only make sense to show once the user tries to publish (an empty form is not an error yet). */
const SHOWN_ON_ATTEMPT = new Set<StoryIssue['code']>(['text-empty', 'media-missing', 'contacts-empty'])
const DRAFT_SAVE_DELAY_MS = 600

/**
 * The composer of the account on this client's screen: the draft being written, its media grant
 * and the checks (publishing is stores/publish.ts).
 */
export const useStoriesStore = defineStore('stories', () => {
  const accounts = useAccountsStore()
  const draft = ref<StoryDraft>(emptyDraft())
  const limits = shallowRef<StoryLimits>(DEFAULT_STORY_LIMITS)
  const grant = shallowRef<MediaGrant | null>(null)
  const loaded = ref(false)
  const mediaBusy = ref(false)
  const mediaError = shallowRef<AppErrorData | null>(null)
  /** A draft named a file main no longer has. */
  const mediaGone = ref(false)
  /** A publish was tried: the problems of an empty form show from then on. */
  const attempted = ref(false)
  /**
   * A saved draft that arrived after the user had started typing: never put over what they
   * typed; the composer asks which one to keep.
   */
  const savedDraft = shallowRef<StoryDraft | null>(null)
  /** Why the draft is not being kept on disk (the last save failed), or null. */
  const draftSaveError = shallowRef<AppErrorData | null>(null)
  /** The chosen contacts of the story just published, offered again after the audience went back to everyone. */
  const lastContacts = shallowRef<readonly string[] | null>(null)

  const issues = computed(() => checkStory(draft.value, grant.value, limits.value))
  const visibleIssues = computed(() => (attempted.value ? issues.value : issues.value.filter((issue) => !SHOWN_ON_ATTEMPT.has(issue.code))))
  /** The desktop app opens the system file dialog; web mode uses the page's file picker. */
  const hasFileDialog = computed(() => bridge.kind === 'ipc')
  /** Nothing stops the story: no check fails with an error. */
  const checksPass = computed(() => blockingIssues(issues.value).length === 0)

  let saveTimer: ReturnType<typeof setTimeout> | null = null
  /** The composer follows the account on screen once it has been loaded. */
  let following = false
  /**
   * The account whose draft the composer holds: set when the draft is loaded, named by every
   * save, so a save still on its way when the user switches lands in its own account.
   */
  const composerAccount = ref<string | null>(null)
  const accountId = computed(() => composerAccount.value)

  // Drafts belong to an account: another account's composer starts from its own draft.
  watch(
    () => accounts.activeId,
    (id) => {
      if (following && id !== composerAccount.value) void reload()
    },
    { flush: 'sync' },
  )

  async function load(): Promise<void> {
    following = true
    const forAccount = accounts.activeId
    composerAccount.value = forAccount
    const untouched = JSON.stringify(draft.value)
    const [limitsResult, draftResult] = await Promise.all([
      bridge.call('stories:limits'),
      forAccount === null ? null : bridge.call('stories:draft-get', { accountId: forAccount }),
    ])
    if (limitsResult.ok) limits.value = limitsResult.value
    // Another account came on screen meanwhile: its own load fills the composer.
    if (forAccount !== composerAccount.value) return
    const saved = draftResult?.ok ? draftResult.value : null
    if (saved && JSON.stringify(saved) !== JSON.stringify(draft.value)) {
      if (JSON.stringify(draft.value) === untouched) await applyDraft(saved)
      else savedDraft.value = saved
    }
    loaded.value = true
  }

  async function applyDraft(next: StoryDraft): Promise<void> {
    draft.value = next
    const id = next.media.grantId
    if (id) {
      const found = await bridge.call('stories:media-get', { id })
      grant.value = found.ok ? found.value : null
      mediaGone.value = grant.value === null
      if (mediaGone.value) draft.value.media.grantId = null
    }
  }

  /** The user's answer about a draft saved earlier: take it in place of what they typed, or keep what they typed. */
  async function resolveSavedDraft(choice: 'saved' | 'typed'): Promise<void> {
    const saved = savedDraft.value
    savedDraft.value = null
    if (choice === 'saved' && saved) await applyDraft(saved)
    else await saveDraft()
  }

  async function reload(): Promise<void> {
    loaded.value = false
    // The last edits of the account left go to that account's draft (the save names it).
    if (saveTimer) {
      clearTimeout(saveTimer)
      void saveDraft()
    }
    draft.value = emptyDraft()
    grant.value = null
    savedDraft.value = null
    lastContacts.value = null
    attempted.value = false
    await load()
  }

  async function refreshLimits(): Promise<void> {
    const fresh = await bridge.call('stories:limits')
    if (fresh.ok) limits.value = fresh.value
  }

  // The draft is saved a moment after each change, so a closed window loses at most that moment.
  watch(
    draft,
    () => {
      if (!loaded.value) return
      if (saveTimer) clearTimeout(saveTimer)
      saveTimer = setTimeout(() => void saveDraft(), DRAFT_SAVE_DELAY_MS)
    },
    { deep: true },
  )

  async function saveDraft(): Promise<void> {
    saveTimer = null
    // Until the user has chosen, the draft on disk is the one they may still want back.
    if (savedDraft.value) return
    const forAccount = composerAccount.value
    const parsed = StoryDraftSchema.safeParse(draft.value)
    if (!parsed.success || forAccount === null) return
    const saved = await bridge.call('stories:draft-save', { ...parsed.data, accountId: forAccount })
    if (forAccount === composerAccount.value) draftSaveError.value = saved.ok ? null : saved.error
  }

  async function useGrant(next: MediaGrant): Promise<void> {
    const previous = grant.value
    grant.value = next
    mediaGone.value = false
    draft.value.media.grantId = next.id
    draft.value.media.preview = null
    if (previous && previous.id !== next.id) await bridge.call('stories:media-release', { id: previous.id })
  }

  async function importWith(task: () => Promise<MediaGrant | null>): Promise<MediaGrant | null> {
    mediaBusy.value = true
    mediaError.value = null
    try {
      const next = await task()
      if (next) await useGrant(next)
      return next
    } catch (error) {
      mediaError.value = toErrorData(error)
      return null
    } finally {
      mediaBusy.value = false
    }
  }

  /** The system file dialog (desktop): main opens the file; the page never learns its path. */
  function pickFile(): Promise<MediaGrant | null> {
    return importWith(() => bridge.invoke('stories:media-pick'))
  }

  /** A file chosen in the page or dropped on it: its bytes go to main, never its path. */
  function importFile(file: File): Promise<MediaGrant | null> {
    return importWith(async () => {
      if (bridge.kind === 'ipc') {
        return bridge.invoke('stories:media-import', { name: file.name, bytes: new Uint8Array(await file.arrayBuffer()) })
      }
      // Web mode streams it to main's upload route.
      const response = await bridge.fetchOwn(`${MEDIA_UPLOAD_PATH}?name=${encodeURIComponent(file.name)}`, {
        method: 'POST',
        body: file,
        headers: { 'Content-Type': 'application/octet-stream' },
      })
      const answer = (await response.json()) as { ok: true; value: MediaGrant } | { ok: false; error: AppErrorData }
      if (!answer.ok) throw answer.error
      return answer.value
    })
  }

  function importUrl(url: string): Promise<MediaGrant | null> {
    const forAccount = composerAccount.value
    return importWith(() => bridge.invoke('stories:media-import-url', { url, ...(forAccount !== null && { accountId: forAccount }) }))
  }

  /**
   * People from the cached groups' participants of the composer's account, for the audience
   * picker; an error says why none could be listed. No account, no one to list.
   */
  async function searchContacts(query: string, limit = 30): Promise<Result<ContactsPage>> {
    const forAccount = composerAccount.value
    if (forAccount === null) return { ok: true, value: { contacts: [], matching: 0, total: 0 } }
    return bridge.call('stories:contacts-search', { accountId: forAccount, query, limit })
  }

  async function removeMedia(): Promise<void> {
    const previous = grant.value
    grant.value = null
    mediaError.value = null
    draft.value.media.grantId = null
    draft.value.media.preview = null
    if (previous) await bridge.call('stories:media-release', { id: previous.id })
  }

  function setPreview(preview: string | null): void {
    draft.value.media.preview = preview
  }

  /** A publish is leaving: a save still waiting would write back the story main takes out of the draft. */
  function cancelDraftSave(): void {
    if (saveTimer) clearTimeout(saveTimer)
    saveTimer = null
  }

  /**
   * A new, empty story that keeps the look (colours, font) of the last one. A story to chosen
   * contacts does not hand them on unseen: the next one goes to everyone again, and the
   * composer offers the same contacts in one click. People hidden from stories stay hidden.
   */
  function startAfresh(): void {
    const previous = draft.value.audience
    const next = emptyDraft()
    next.kind = draft.value.kind
    next.text = { ...draft.value.text, body: '' }
    next.media.background = draft.value.media.background
    next.audience = { mode: 'everyone', contacts: [], exclude: [...previous.exclude] }
    lastContacts.value = previous.mode === 'contacts' && previous.contacts.length > 0 ? [...previous.contacts] : null
    draft.value = next
    grant.value = null
    attempted.value = false
  }

  // Choosing "only chosen contacts" by hand answers the offer too.
  watch(
    () => draft.value.audience.mode,
    (mode) => {
      if (mode === 'contacts') lastContacts.value = null
    },
  )

  function reuseLastContacts(): void {
    if (!lastContacts.value) return
    draft.value.audience = { ...draft.value.audience, mode: 'contacts', contacts: [...lastContacts.value] }
    lastContacts.value = null
  }

  function forgetLastContacts(): void {
    lastContacts.value = null
  }

  function dispose(): void {
    following = false
    if (saveTimer) {
      clearTimeout(saveTimer)
      void saveDraft()
    }
  }

  return {
    accountId,
    draft,
    limits,
    grant,
    loaded,
    mediaBusy,
    mediaError,
    mediaGone,
    attempted,
    savedDraft,
    draftSaveError,
    resolveSavedDraft,
    applyDraft,
    lastContacts,
    issues,
    visibleIssues,
    checksPass,
    hasFileDialog,
    searchContacts,
    load,
    refreshLimits,
    saveDraft,
    pickFile,
    importFile,
    importUrl,
    removeMedia,
    setPreview,
    cancelDraftSave,
    startAfresh,
    reuseLastContacts,
    forgetLastContacts,
    dispose,
  }
})

function toErrorData(error: unknown): AppErrorData {
  if (error && typeof error === 'object' && 'code' in error && 'text' in error) {
    const data = error as AppErrorData
    return data.details === undefined ? { code: data.code, text: data.text } : { code: data.code, text: data.text, details: data.details }
  }
  return { code: 'internal', text: codeText('internal') }
}
