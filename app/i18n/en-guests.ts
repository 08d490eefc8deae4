/** The review app's English words of guest reporting (issue 18): the installation's setting and blocking a guest. */
export const enGuests = {
  guests: {
    title: 'Guest reporting', // contract
    intro: 'Visitors without an account report with a name and an e-mail address, and hear back by e-mail. Off until you switch it on.',
    allow: 'Let visitors report as guests', // contract
    cap: 'New guest threads per day', // contract
    save: 'Save cap',
    on: 'Guests can report on this site.',
    off: 'Only signed-in reviewers can report.',
    guest: 'Guest', // contract
    block: 'Block this guest', // contract
    unblock: 'Unblock',
    blocked: 'Blocked: this address can no longer report or answer.',
    blockHint: 'Blocks the address in this workspace and signs the guest out.',
  },
};
