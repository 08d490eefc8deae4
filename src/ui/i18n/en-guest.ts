/**
 * English words of reporting as a guest (issue 18): the form in the sign-in panel
 * (ui/compose/GuestForm.tsx) and the sentences for the server's refusals of a guest sign-in.
 */
export const enGuest = {
  guest: {
    or: 'or',
    open: 'Report as a guest',
    intro: 'No account needed: leave your name and e-mail address, and the team answers you by e-mail.',
    name: 'Your name',
    email: 'Your e-mail address',
    submit: 'Continue as a guest',
    sending: 'Checking this is a person, not a script…',
    back: 'Back',
    privacy: 'Only you and the team of this site see your reports.',
    remembered: 'This browser remembers your name and address for next time.',
    errors: {
      guest_blocked: 'The team of this site has blocked this e-mail address from sending feedback.',
      guests_disabled: 'This site no longer takes reports from guests. Sign in instead.',
      guest_daily_cap_reached: 'This site has taken all the reports from guests it takes today. Please try again tomorrow.',
      rate_limited: 'Too many tries from here. Please wait a little and try again.',
      submitted_too_fast: 'That was faster than a person types. Please try again.',
      check_failed: 'The check that you are a person did not work out. Please try again.',
      invalid: 'Enter your name and an e-mail address such as ada@example.com.',
    } as Record<string, string>,
  },
};
