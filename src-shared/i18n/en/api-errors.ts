/**
 * What the provider's server and the network did, in the user's words: HTTP answers, failures
 * to reach the server, stories whose fate is unknown, the connection test, and the checks made
 * before a request is sent. The server's own words are never part of these texts: they are
 * shown beside them, from the error's details.
 */
export default {
  apiErrors: {
    http: {
      invalidRequest: 'The server refused the request as invalid.',
      unauthorized:
        'The channel is not authorized or the token is wrong. Check the token, or reconnect the channel (scan the QR code again) in the provider’s dashboard.',
      payment: 'The account’s plan or trial limit has been reached.',
      forbidden: 'The server does not allow this account to do that.',
      notFound: 'The server could not find what was asked for.',
      tooLarge: 'The media is too large for the server.',
      unsupportedMedia: 'The server does not accept this type of media.',
      rateLimited: 'The server is receiving too many requests from this account. Wait a moment and try again.',
      rateLimitedWait: 'The server is receiving too many requests from this account and asks to wait {seconds} before the next try.',
      server: 'The server had a problem (HTTP {status}). Try again later.',
      refused: 'The server refused the request (HTTP {status}).',
      redirect: 'The server address answers with a redirect. Check it (it may need https:// or a different path).',
    },
    network: {
      unreachable: 'Could not reach the server. Check the internet connection and the server address.',
      closed:
        'The server closed the connection before answering. It may be overloaded, or something between here and the server drops the connection. Try again later.',
      lostWhileSending: 'The connection was lost while the story was being sent. It was not published.',
      closedWhileSending: 'The server closed the connection while the story was being sent. It was not published.',
      noAnswer: 'The server did not answer within {seconds}.',
      uploadStalled: 'The upload stalled: nothing could be sent for {seconds}. The story was not published.',
      replyTooLarge: 'The server’s reply was far larger than expected.',
    },
    unknown: {
      noAnswer:
        'The story was sent, but no answer came back from the server, so the app cannot tell whether it was published. Check the account’s status before publishing it again.',
      cancelled:
        'Publishing was cancelled after the story had been sent, so it may have been published. Check the account’s status before publishing it again.',
      unreadableReply:
        'The server accepted the story but its reply could not be read, so the app cannot confirm it was published. Check the account’s status before publishing it again.',
      serverError:
        'The server reported an error (HTTP {status}) after receiving the story, so it may or may not have been published. Check the account’s status before publishing it again.',
    },
    request: {
      badToken: 'The token is empty or contains spaces or characters a token cannot have.',
      badAddress:
        'The server address must look like https://gate.example.com (https, no query or credentials; plain http only to this computer).',
      groupsPageSize: 'A page holds 1 to {max} groups.',
      storiesPageSize: 'A page holds 1 to {max} stories.',
      contactsPageSize: 'A page holds 1 to {max} contacts.',
      pageOffset: 'The page offset must be a whole number, 0 or more.',
      storyId: 'That is not a story id the server gave out.',
      contacts: 'Contacts must be phone numbers of 7 to 15 digits.',
      invalidStory: 'The story cannot be sent as it is: some of its content is not valid.',
      invalidStoryField: 'The story cannot be sent as it is: the field {field} is not valid.',
    },
    reply: {
      groupsNotJson: 'The server’s reply to the groups request was not JSON.',
      groupsPage: 'The server sent a groups page the app cannot read.',
      storiesPage: 'The server sent a page of stories the app cannot read.',
      contactsPage: 'The server sent a page of contacts the app cannot read.',
      story: 'The server sent a story the app cannot read.',
      views: 'The server’s list of views could not be read.',
      noMediaId: 'The server’s reply to the media upload has no media id.',
      notPublished: 'The server answered but did not publish the story.',
    },
    story: {
      mediaNotFound: 'The media was not found on the server (the media id may have expired).',
      unknown: 'The server does not know this story (it may have expired).',
      unknownNotCopied: 'The server does not know this story (it may have expired), so it was not posted again.',
    },
    media: {
      unreadable: 'The media file could not be read.',
      changed: 'The media file changed while it was being sent.',
    },
    address: {
      notPublic: 'The address is not on the public internet, so Statusdesk does not fetch from it.',
      tooManyRedirects: 'The address redirected more than once. | The address redirected more than {count} times.',
    },
    connect: {
      refusedToken:
        '{host} refused the token: either the token is wrong, or the channel is not authorized (it may need its QR code scanned again in the provider’s dashboard).',
      noAnswer: '{host} did not answer in time. Check the internet connection and the server address.',
      unreachable: 'Could not reach {host}. Check the internet connection and the server address.',
      serverProblem: 'The server at {host} had a problem (HTTP {status}).',
      serverProblemNoStatus: 'The server at {host} had a problem.',
      notGroups:
        '{host} answered, but it is not a messaging API server of the expected kind: its answer is not a list of groups. Check the server address.',
      noGroupsEndpoint:
        '{host} answered, but it is not a messaging API server of the expected kind: it has no groups endpoint (HTTP 404). Check the server address.',
      redirects:
        '{host} answered, but it is not a messaging API server of the expected kind: it redirects elsewhere. Check the server address.',
      refused:
        '{host} answered, but it is not a messaging API server of the expected kind: it refused the request (HTTP {status}). Check the server address.',
      refusedNoStatus:
        '{host} answered, but it is not a messaging API server of the expected kind: it refused the request. Check the server address.',
    },
    store: {
      unreadable: 'The file could not be read (error {code}).',
      notJson: 'The file is not valid JSON.',
      notObject: 'The file does not hold a JSON object.',
      unopenable: 'The file could not be opened (error {code}).',
    },
    files: {
      cancelled: 'Cancelled before the file was saved.',
    },
    body: {
      tooLarge: 'The request is too large.',
      notJson: 'The request body is not valid JSON.',
    },
  },
} as const
