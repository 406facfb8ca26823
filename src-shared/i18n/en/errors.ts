/**
 * What any failure means, by its code: the text shown when nothing more precise is known (an
 * item saved by an older version, a key this version does not have), and the lines that go
 * with every error (what the server said, the details).
 */
export default {
  errors: {
    codes: {
      'invalid-argument': 'Something in the request is not valid.',
      'invalid-request': 'The server refused the request as invalid.',
      'invalid-response': 'The server sent an answer the app cannot read.',
      unauthorized: 'The server did not accept the token.',
      payment: 'The account’s plan or trial limit has been reached.',
      forbidden: 'The server does not allow this account to do that.',
      'not-found': 'What was asked for is no longer there.',
      'too-large': 'It is too large.',
      'unsupported-media': 'This type of file is not accepted.',
      'rate-limited': 'The server is receiving too many requests. Wait a moment and try again.',
      server: 'The server had a problem. Try again later.',
      offline: 'The server could not be reached.',
      'connection-closed': 'The connection closed before the server answered.',
      timeout: 'The server did not answer in time.',
      cancelled: 'Cancelled.',
      'unknown-outcome': 'It is not known whether this went through. Check before trying again.',
      conflict: 'Something else changed this at the same time. Try again.',
      'certificate-changed': 'The peer presented another certificate than the one pinned: nothing was sent to it.',
      storage: 'A file on this computer could not be read or written.',
      internal: 'Something went wrong inside the app.',
    },
    bridge: {
      lostContact: 'Lost contact with the Statusdesk service. Restart the app or reload the page.',
      unknownChannel: 'This version of the app does not know that request.',
      invalidArgument: 'The request holds a value that is not valid ({field}).',
      notFromWindow: 'This request did not come from the Statusdesk window.',
      foreignOrigin: 'This request came from another site, so it was refused.',
      wrongSecret: 'This page’s session has ended. Open Statusdesk again from the address it printed.',
      noEndpoint: 'This version of the app has no such request.',
      methodNotAllowed: 'This kind of request is not allowed here.',
    },
    agent: {
      noToken: 'This agent answers paired devices only: pair this desktop with the code the agent prints.',
      badToken: 'This device is not paired with this agent (or no longer is): pair it again with the code the agent prints.',
      wrongCode: 'That is not the pairing code the agent printed. Tries left: {tries}.',
      badRevoke: 'Say which device to revoke: its id, as the list of devices gives it.',
      noDevice: 'No device with that id is paired with this agent.',
      pairingThrottled: 'Too many wrong codes from this address: try again in {seconds} s.',
      noCode: 'That pairing code no longer works (it expired or was tried too often): enter the new code the agent printed.',
      badPairing: 'A pairing needs the code the agent printed and a name for this device.',
    },
    agentRouting: {
      audienceAway: 'This saved audience is on the agent, which does not answer: change it when the agent answers again.',
      tooManyWaiting: 'Too many edits are waiting for the agent. Wait until it answers, then edit again.',
      badAnswer: 'The agent gave an answer this computer cannot read.',
      awayNoRevision:
        'The agent is not reachable and this computer has no state of this story to edit it on. Try again when the agent answers.',
      notOnAgent: 'An edit waiting for the agent was dropped: the account no longer runs on the agent.',
      editRefused:
        'An edit you made while the agent was away (at {at}) was not applied: the story changed or was sent meanwhile. The current state is shown.',
      editFailed: 'An edit you made while the agent was away (at {at}) was refused by the agent. The current state is shown.',
    },
    agentPublish: {
      cancelUnsure: 'Cancelled, but the agent did not answer: it may hold the story. Look in the Outbox before publishing it again.',
      cancelTooLatePlanned:
        'The story for {account} was already planned on the agent when you cancelled: it is in the Outbox; cancel it there.',
      cancelTooLateSent: 'The story for {account} was already published by the agent when you cancelled.',
    },
    handover: {
      audiencesToFull:
        'Saved audiences not moved to the agent: {count}. The agent’s library is full ({max} saved audiences): they stay on this computer.',
      audiencesToFailed: 'Saved audiences not moved to the agent: {count}. They could not be sent: they stay on this computer.',
      audiencesBackFull:
        'Saved audiences not brought back from the agent: {count}. This computer’s library is full ({max} saved audiences): they stay on the agent.',
      audiencesBackFailed:
        'Saved audiences not brought back from the agent: {count}. They could not be brought back: they stay on the agent.',
      busy: 'A story of this account is being sent or edited right now: try again when it is done.',
      notHeld: 'That story is not part of this hand-over.',
      mediaTooLarge:
        'A planned story carries media over {megabytes} MB, more than a hand-over carries: send it or plan it again with smaller media, then try again. | {count} planned stories carry media over {megabytes} MB, more than a hand-over carries: send them or plan them again with smaller media, then try again.',
      badItem: 'A story in this hand-over could not be read: nothing of it was taken.',
      noAccount: 'The agent does not hold that account.',
      onAgent: 'This account already runs on the agent.',
      notOnAgent: 'This account runs on this computer, not on the agent.',
      unfinished: 'A hand-over of this account is not finished yet: it finishes when the agent answers.',
      demo: 'The demo account runs inside this app: it cannot move to an agent.',
      noToken: 'This account’s token is not at hand on this computer: enter it again, then hand the account over.',
      insightsTooLarge: 'The account’s insights are larger than a hand-over carries: they stay on this computer.',
      badInsights: 'The account’s insights in this hand-over could not be read: none of them were taken.',
      badAudiences:
        'The saved audiences in this hand-over could not be read (at most {max} audiences of {members} numbers, each number 7 to 15 digits): none of them were taken.',
      followedOnly:
        'This computer follows this account on the agent without its token: its stories stay on the agent. To run it here, connect it with its token.',
      teamStories:
        'A story on the agent was planned by {people}: brought back, it would go out only while this computer runs. Bring it back with yours, or leave the account on the agent. | {count} stories on the agent were planned by {people}: brought back, they would go out only while this computer runs. Bring them back with yours, or leave the account on the agent.',
    },
    agentLink: {
      badAddress:
        'Enter the agent’s address, such as {example}, without a path: http:// on this computer only, https:// for an agent on another machine.',
      unreachable: 'The agent at {url} did not answer. Is it running?',
      timeout: 'The agent at {url} took too long to answer.',
      badAnswer: 'The agent at {url} answered in a way Statusdesk cannot read. Is it a Statusdesk agent of this version?',
      notPaired: 'This computer is not paired with an agent: pair it in Settings → Agent.',
      noToken:
        'This computer’s agent token is not at hand (it was kept for the last session only, or the keyring cannot open it): pair again with a new code.',
      certificateChanged:
        'The agent at {url} presented another certificate than the one pinned at pairing: nothing was sent to it. If its operator made a new certificate, forget this agent and pair again; otherwise someone may stand between this computer and the agent.',
      notTls: 'Only an https:// agent has a certificate to read.',
      noFingerprint: 'Read the agent’s certificate and compare its fingerprint before pairing over https://.',
      notRevoked:
        'This computer forgot the agent, but the agent at {url} could not be told: the token this computer held stays valid there.',
    },
    dataFolder: {
      inUse:
        'This data folder is in use by another Statusdesk (process {pid} on {host}). Close that one first, or start this one with another data folder.',
      takenOver:
        'Another Statusdesk took this data folder over (process {pid} on {host}) while this one was not answering. Quit this one: what it does from now on may be lost.',
    },
    clipboard: 'The clipboard could not be written.',
    more: 'Details',
    serverSaid: 'The server said: {said}',
    recorded: 'Recorded at the time: {detail}',
  },
} as const
