/** English words of the workspace (folders, markups, installation) and metrics views. */
export const enManage = {
  loadingView: 'Loading…',
  workspace: {
    title: 'Workspace', // contract
    root: 'All sites',
    archive: 'Archive',
    breadcrumbs: 'Folder path',
    loading: 'Loading the folder…',
    missing: 'This folder does not exist or was deleted.',
    empty: 'This folder is empty.',
    items: 'Folders and sites', // contract (the list's name)
    folder: 'Folder',
    markup: 'Site',
    threads: (n: number) => (n === 1 ? '1 open thread' : `${n} open threads`),
    newFolder: 'New folder', // contract
    folderName: 'Folder name', // contract
    create: 'Create', // contract
    newMarkup: 'New webpage markup', // contract
    url: 'Page URL', // contract
    urlHint: 'The address of the site to review, e.g. https://www.example.com/',
    name: 'Name (optional)', // contract
    cancel: 'Cancel',
    actionsFor: (name: string) => `Actions for ${name}`, // contract
    rename: 'Rename', // contract
    newName: 'New name', // contract
    save: 'Save', // contract
    move: 'Move to…', // contract
    moveTo: 'Target folder', // contract
    moveHere: 'Move', // contract
    moveTitle: (name: string) => `Move “${name}”`,
    moveHint: 'Open the folder to move it into, then choose Move here.',
    moveInto: 'Move here', // contract
    openFolder: (name: string) => `Open ${name}`,
    subfolders: 'Folders in this folder', // contract (the picker's list)
    noSubfolders: 'No folders inside.',
    alreadyHere: 'It is in this folder already.',
    movedTo: (name: string, folder: string) => `Moved “${name}” to ${folder}.`,
    archiveItem: 'Archive', // contract
    restore: 'Restore', // contract
    delete: 'Delete', // contract
    confirmDelete: (name: string) => `Delete “${name}” and everything in it? Its threads are deleted too. This cannot be undone.`,
    confirm: 'Delete for good', // contract
    readOnly: 'Only owners and admins change folders and sites. You can read everything here.',
    created: (name: string) => `Created “${name}”.`,
    renamed: (name: string) => `Renamed to “${name}”.`,
    moved: 'Moved.',
    archived: (name: string) => `Archived “${name}”.`,
    restored: (name: string) => `Restored “${name}”.`,
    deleted: (name: string) => `Deleted “${name}”.`,
    working: 'Working…',
    showArchive: 'Show the archive',
    showFolders: 'Back to the folders',
  },
  markupPage: {
    loading: 'Loading the site…',
    missing: 'This site does not exist or was deleted.',
    url: 'Address',
    install: 'Installation', // contract
    installIntro: 'Paste this tag into every page of the site, before the closing </head>:',
    snippet: 'Installation snippet', // contract
    copy: 'Copy snippet', // contract
    copied: 'Copied.',
    copyFailed: 'The browser refused to copy: select the text and copy it yourself.',
    publicKey: 'Public key',
    markupId: 'Markup ID',
    noInstallation: 'This workspace has no installation yet: create one with `npm run admin`.',
    origins: 'Allowed origins', // contract
    originsIntro: 'Reviewers can sign in only on pages from these origins.',
    noOrigins: 'No origin is allowed yet.',
    allowOrigin: 'Allow origin', // contract
    origin: 'Origin', // contract
    originHint: 'e.g. https://www.example.com',
    allowed: (origin: string) => `Allowed ${origin}.`,
    pageOrigin: (origin: string) => `This site's origin ${origin} is not allowed yet.`,
    pages: 'Pages', // contract
    noPages: 'No comments on any page yet.',
    threadsOnPage: (n: number) => (n === 1 ? '1 thread' : `${n} threads`),
    openInbox: 'Open its threads in the inbox', // contract
    recent: 'Recent threads',
  },
  metrics: {
    title: 'Metrics', // contract
    range: 'Date range', // contract
    last: (days: number) => `Last ${days} days`,
    custom: 'Custom', // contract
    from: 'From', // contract
    to: 'To', // contract
    apply: 'Apply', // contract
    badRange: 'The end must not be before the start, and the range at most 366 days.',
    loading: 'Loading the figures…',
    totals: 'Totals',
    activeUsers: 'Active people',
    projectsCreated: 'Sites created',
    commentsCreated: 'Comments',
    threadsCreated: 'Threads',
    repliesCreated: 'Replies',
    threadsResolved: 'Resolved',
    threadsUnresolved: 'Reopened',
    lastActivity: 'Last activity',
    perUser: 'Per person', // contract
    perProject: 'Per site', // contract
    person: 'Person',
    site: 'Site',
    none: 'No activity in this range.',
    chart: (what: string) => `${what}: chart of the table below`,
    more: (shown: number, total: number) => `Showing ${shown} of ${total}.`,
    guest: 'guest',
  },
};
