// Messages mailed to a user (issue 25), written in the user's language (users.language). Only the
// server reads them (sections.ts serverOnlyGroups). `frame` is what every account email shares
// (features/accounts/ui/account-mail.ts); each message adds its subject, what happened, its link
// and its advice.
export const mail = {
  frame: {
    product: "Tallyworth",
    greeting: "Hello {{name}},",
    greetingNoName: "Hello,",
    validFor: "This link is valid for {{duration}} and works once.",
    minutes_one: "{{count}} minute",
    minutes_other: "{{count}} minutes",
    hours_one: "{{count}} hour",
    hours_other: "{{count}} hours",
    days_one: "{{count}} day",
    days_other: "{{count}} days",
    linkFallback: "If the button does not work, copy this address into your browser:",
    footer: "You received this message because of your {{product}} account. Replies to it are not read.",
  },
  passwordReset: {
    subject: "Reset your Tallyworth password",
    lead: "We received a request to reset the password of your Tallyworth account ({{email}}).",
    action: "Choose a new password",
    advice: "If this was not you, ignore this message: your password stays as it is, and nobody can change it without this link.",
  },
  passwordChanged: {
    subject: "Your Tallyworth password was changed",
    lead: "The password of your Tallyworth account ({{email}}) was just changed. Every browser and app that was signed in has been signed out.",
    action: "Reset your password",
    advice: "If this was not you, reset your password at once with the link above, and tell your administrator.",
  },
  // Address verification and email change (issue 25): the links open /auth/verify-email.
  verify: {
    subject: "Confirm your email address for Tallyworth",
    lead: "You created a Tallyworth account with this address. Confirm that it is yours:",
    action: "Confirm my address",
    advice: "If this was not you, you can ignore this message: nothing changes without the link.",
  },
  change: {
    subject: "Confirm your new email address for Tallyworth",
    lead: "You asked to change your Tallyworth account's address to {{email}}. Confirm the new address:",
    keeps: "Until you confirm, you keep signing in with {{oldEmail}}.",
    action: "Confirm my new address",
    advice: "If this was not you, you can ignore this message: nothing changes without the link.",
  },
  oldNotice: {
    subject: "Your Tallyworth email address is being changed",
    lead: "Someone signed in to your Tallyworth account asked to change its address to {{email}}.",
    keeps: "Your address stays {{oldEmail}} until the new one is confirmed from a link we sent to it, valid for 7 days.",
    action: "Open my profile",
    advice: "If this was not you, sign in and change your password now, then check your profile.",
  },
};
