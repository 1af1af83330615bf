// The mails of address verification and email change (issue 25), in the recipient's language:
// only the server sends them, so the browser never downloads these (decision 017).
export const verificationMail = {
  product: "Tallyworth",
  greeting: "Hello {{name}},",
  linkValid: "This link is valid for 7 days and can be used once.",
  notYou: "If this was not you, you can ignore this message: nothing changes without the link.",
  footer: "Tallyworth, multi-currency personal finance",
  verify: {
    subject: "Confirm your email address for Tallyworth",
    happened: "You created a Tallyworth account with this address. Confirm that it is yours:",
    action: "Confirm my address",
  },
  change: {
    subject: "Confirm your new email address for Tallyworth",
    happened: "You asked to change your Tallyworth account's address to {{email}}. Confirm the new address:",
    action: "Confirm my new address",
    keeps: "Until you confirm, you keep signing in with {{oldEmail}}.",
  },
  oldNotice: {
    subject: "Your Tallyworth email address is being changed",
    happened: "Someone signed in to your Tallyworth account asked to change its address to {{email}}.",
    keeps: "Your address stays {{oldEmail}} until the new one is confirmed from a link we sent to it, valid for 7 days.",
    notYou: "If this was not you, sign in and change your password now, then check your profile:",
    action: "Open my profile",
  },
};
