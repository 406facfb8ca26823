/**
 * What the desktop app's main process shows itself: the tray, the application menu, native
 * dialogs and system notifications. Menu labels are given here rather than left to Electron's
 * roles, whose own labels are English whatever the language.
 */
export default {
  desktop: {
    tray: {
      open: 'Open Statusdesk',
      syncNow: 'Sync now',
      nextStory: 'Next story: {when} · {snippet}',
      nextStoryNoText: 'Next story: {when}',
      noStory: 'No story scheduled',
      quit: 'Quit Statusdesk',
      tooltip: 'Statusdesk — {next}',
    },
    quit: {
      message: 'A story is scheduled. Quit anyway? | {count} stories are scheduled. Quit anyway?',
      detail:
        'Scheduled stories are sent only while Statusdesk runs. If it is not running at their time, they are not sent late: the app asks you when it starts again.',
      keepRunning: 'Keep running',
      quit: 'Quit',
    },
    menu: {
      file: 'File',
      edit: 'Edit',
      view: 'View',
      window: 'Window',
      speech: 'Speech',
      about: 'About Statusdesk',
      services: 'Services',
      hide: 'Hide Statusdesk',
      hideOthers: 'Hide Others',
      showAll: 'Show All',
      quitApp: 'Quit Statusdesk',
      quit: 'Quit',
      exit: 'Exit',
      close: 'Close',
      newWindow: 'New Window',
      closeWindow: 'Close Window',
      undo: 'Undo',
      redo: 'Redo',
      cut: 'Cut',
      copy: 'Copy',
      paste: 'Paste',
      pasteAndMatchStyle: 'Paste and Match Style',
      delete: 'Delete',
      selectAll: 'Select All',
      startSpeaking: 'Start Speaking',
      stopSpeaking: 'Stop Speaking',
      forceReload: 'Force Reload',
      toggleDevTools: 'Toggle Developer Tools',
      actualSize: 'Actual Size',
      zoomIn: 'Zoom In',
      zoomOut: 'Zoom Out',
      toggleFullScreen: 'Toggle Full Screen',
      minimize: 'Minimize',
      zoom: 'Zoom',
      bringAllToFront: 'Bring All to Front',
    },
    notifications: {
      published: {
        title: 'Story published',
        titleOnAccount: 'Story published on {account}',
        body: 'Your scheduled or queued story is live.',
        bodyWithCaption: '“{caption}” — Your scheduled or queued story is live.',
      },
      failed: {
        title: 'Story not published',
        titleOnAccount: 'Story not published on {account}',
        body: 'The server refused it. Open the Outbox to send it again or discard it.',
        bodyWithCaption: '“{caption}” — The server refused it. Open the Outbox to send it again or discard it.',
      },
      unknown: {
        title: 'Story outcome unknown',
        titleOnAccount: 'Story outcome unknown on {account}',
        body: 'No answer came back: check the account, then decide in the Outbox.',
        bodyWithCaption: '“{caption}” — No answer came back: check the account, then decide in the Outbox.',
      },
      missed: {
        title: 'A planned story missed its time',
        titleOnAccount: 'A planned story on {account} missed its time',
        body: 'It was not sent late. Open the Outbox to send it now, reschedule or cancel it.',
        bodyWithCaption: '“{caption}” — It was not sent late. Open the Outbox to send it now, reschedule or cancel it.',
      },
    },
    updateFeed: {
      title: 'Update address',
      message: 'Download Statusdesk updates from {host}?',
      detail: 'Settings ask to take updates from {address}. Updates are programs this computer will run: accept only an address you trust.',
      keep: 'Keep the current address',
      use: 'Use this address',
    },
    openDialog: {
      media: 'Choose an image, a video or an audio file',
      mediaFiles: 'Images, videos and audio',
      allFiles: 'All files',
    },
    saveDialog: {
      groups: 'Export groups',
      participants: 'Export participants',
      viewers: 'Export viewers',
      agentActivity: 'Export the agent’s activity',
      csvFiles: 'CSV files',
    },
    /** Web mode's command line (`npm run start:web`) and the page it opens the browser on. */
    web: {
      ready: {
        running: "Statusdesk (web mode) is running. Its address, with this launch's secret:",
        dataFolder: 'Data folder: {folder}',
        stop: 'Press {keys} to stop.',
      },
      openFailed: {
        missing: 'No browser could be opened ({command} was not found): open {url} in your browser.',
        failed: 'No browser could be opened with {command}: open {url} in your browser.',
      },
      usage: {
        badPort: '{option} must be a port number from 1 to 65535 (or 0 for any free port), not “{value}”.',
        badNpmPort: 'The port given to {tool} ({option}) must be a number from 1 to 65535 (or 0 for any free port), not “{value}”.',
        unexpectedArgument: 'Unexpected argument “{argument}”. Web mode accepts: {options}.',
        unknownOption: 'Unknown option {option}. Web mode accepts: {options}.',
        missingValue: 'The option {option} needs a value after it.',
        noValue: 'The option {option} takes no value: write it on its own.',
        unreadable: 'The options could not be read. Web mode accepts: {options}.',
        portInUse: 'Port {port} is already in use by another program: stop it, or choose another port with {option}.',
        portNeedsRights: 'Port {port} needs special rights on this system: choose a port above 1023 with {option}.',
      },
      launch: {
        title: 'Opening Statusdesk',
        body: 'Opening Statusdesk… If nothing happens, use the link below.',
        link: 'Continue to Statusdesk',
      },
    },
    /** The agent's command line (`npm run agent`): what it tells the operator who started it. */
    agent: {
      ready: {
        running: 'The Statusdesk agent is ready at {url}.',
        dataFolder: 'Data folder: {folder}',
        database: 'Database: {database}',
      },
      pairing: {
        code: 'To pair a desktop with this agent, enter this code in it: {code}. It works until {expiresAt}, for {tries} tries.',
      },
      tls: {
        unreadable: 'The TLS certificate or key ({file}) cannot be read, or the key is not the certificate’s.',
        fingerprint:
          'The agent’s certificate fingerprint (SHA-256) is {fingerprint}. A desktop pairing over the network shows it: check that both are the same.',
      },
      database: {
        unreachable: 'The database ({database}) cannot be reached: trying again in {seconds}.',
      },
      key: {
        missing:
          'The agent needs the operator’s key to keep provider tokens encrypted: set {variable} (or {fileVariable}, a file holding it) to 32 random bytes in {encoding}, as {command} prints.',
        both: 'Set either {variable} or {fileVariable}, not both.',
        invalid: '{variable} must hold 32 bytes written in {encoding} (as {command} prints), and it does not.',
        unreadable: 'The key file {file} cannot be read.',
      },
      admin: {
        device: '{name} ({id}): last seen {seen}, last did {action}.',
        devicePerson: '{name}, paired by {person} ({id}): last seen {seen}, last did {action}.',
        none: 'No device is paired with this agent.',
        revoked: 'Device {id} is revoked: the agent refuses its token from its next call.',
        noDevice: 'No device {id} is paired with this agent: {list} lists them.',
        held: 'The running agent holds its embedded database ({database}): stop it first, or revoke the device from a paired desktop in Settings → Agent.',
        revokeUsage: 'Name the device to revoke: {command} ({list} lists them).',
      },
      usage: {
        unknownOption: 'Unknown option {option}. The agent accepts: {options}.',
        unexpectedArgument: 'Unexpected argument “{argument}”. The agent accepts: {options}.',
        missingValue: 'The option {option} needs a value after it.',
        noValue: 'The option {option} takes no value: write it on its own.',
        unreadable: 'The options could not be read. The agent accepts: {options}.',
        badListen: '{option} must be {form}, with a port from 1 to 65535 (or 0 for any free one), not “{value}”.',
        badLateMinutes: '{option} must be a whole number of minutes from 0 to {max}, not “{value}”.',
        notLoopback:
          'Without TLS the agent listens only on this machine ({hosts}): on {host}, device tokens would cross the network unencrypted. Add {own} (the agent makes its own certificate) or {cert} and {key} (yours).',
        tlsPair: 'Give {cert} and {key} together, for your own certificate, or {own} alone, for one the agent makes.',
        portInUse: 'Port {port} on {host} is already in use by another program: stop it, or choose another with {option}.',
        portNeedsRights: 'Port {port} needs special rights on this system: choose a port above 1023 with {option}.',
      },
    },
  },
} as const
