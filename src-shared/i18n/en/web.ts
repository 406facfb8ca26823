/** Web mode's own page: shown when the page has no secret the server accepts. */
export default {
  webSession: {
    title: 'Open Statusdesk from the address printed in the terminal',
    body: 'This address does not carry the secret link of the running Statusdesk, so it was not let in. Bookmarks and tabs from an earlier start lack it by design. Go to the terminal where you ran npm run start:web and open the full address printed there (it ends with #secret=…).',
    reload: 'Reload',
  },
}
