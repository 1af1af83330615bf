// The longest password accepted anywhere (issue 9: nothing was capped before hashing). Its own
// module with no imports: the seed scripts load password.server.ts in plain Node, which only
// resolves imports written with their .ts extension.

/** Characters; a longer password is refused with validation.passwordTooLong and never hashed. */
export const PASSWORD_MAX = 256;
