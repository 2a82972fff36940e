/** The user-facing message catalogue of SPEC §8: every text the product shows for an outcome lives here. */
export const loginMessages = {
  invalidEmail: 'Enter a valid email address.',
  wrongPassword: 'Incorrect email or password.',
  userNotFound: 'No account found with this email.',
  disabled: 'This account has been disabled.',
  tooManyRequests: 'Too many attempts. Please try again later.',
  network: 'Network error. Check your connection and retry.',
  other: 'Login failed. Please try again.',
  unconfirmed: 'Please verify your email — check your inbox/spam for the confirmation link.',
} as const;

export const resendVerificationMessages = {
  success: 'Verification email sent. Please check inbox/spam.',
  needEmail: 'Enter your email above to resend the verification link.',
  network: "We couldn't reach the server. Please try again in a minute.",
  byStatus: {
    400: 'Invalid request. Please check the email entered.',
    404: 'Service unavailable right now. Try again in a minute.',
    405: "This action isn't available in this environment.",
    429: 'Too many attempts. Please try again in a few minutes.',
    500: 'Something went wrong on our side. Please try again.',
    502: 'Temporary glitch. Please try again.',
    503: 'Service is briefly down. Please try again soon.',
  } as Record<number, string>,
  other: "We couldn't complete your request. Please try again.",
} as const;

export const passwordResetMessages = {
  success: 'Password reset email sent! Check your inbox.',
  needEmail: 'Please enter your email address first.',
  userNotFound: 'No account found with this email.',
  invalidEmail: 'Enter a valid email address.',
  other: "Couldn't send the reset email. Please try again.",
  tooManyRequests: 'Too many attempts. Please try again in a few minutes.',
  changed: 'Your password has been changed. You can log in now.',
  invalidLink: 'This reset link is invalid or has expired. Request a new one.',
  passwordsDoNotMatch: 'Passwords do not match.',
} as const;

export const signupMessages = {
  passwordsDoNotMatch: 'Passwords do not match.',
  failed: (reason: string) => `Signup failed: ${reason}`,
  created: 'Account created. Check your inbox/spam for the confirmation link, then log in.',
} as const;

/** The fields a person chooses for their account, refused by the server whatever the client sent (sign-up, profile). */
export const profileMessages = {
  nameRequired: 'Enter your name.',
  nameTooLong: (max: number) => `Your name can be at most ${max} characters.`,
  imageNotHttps: 'A profile picture must be an https:// address.',
  linkTooLong: (max: number) => `A link back to the app can be at most ${max} characters.`,
} as const;

export const verificationMessages = {
  verified: 'Your email is confirmed. You can log in now.',
  invalidLink: 'This confirmation link is invalid or has expired. Request a new one below.',
} as const;

export const genericMessages = {
  forbidden: 'You can only act on your own account.',
  signInRequired: 'You need to be logged in',
  badRequest: 'Invalid request.',
  notFound: 'Not found.',
  internal: 'Something went wrong',
  /** Databases cannot keep a NUL character, so it is refused before anything is stored. */
  nulCharacter: 'Text and file names cannot contain the NUL character (\\0). Remove it and try again.',
} as const;

/** A state-changing call from an origin the server does not trust names the setting that decides it. */
export const originMessages = {
  untrusted: 'This address is not trusted by the server. Open Reelsmith at its PUBLIC_URL, or set PUBLIC_URL to the address you use.',
} as const;

export const rateLimitMessages = {
  tooManyRequests: 'Too many requests. Please try again in a minute.',
} as const;

/** Error codes the server returns for sign-in and reset, beside better-auth's own. */
/**
 * Requests refused before any route reads them. Only the server says these, so they stay out of the pages' first
 * load (the /login budget) rather than in genericMessages.
 */
export const requestMessages = {
  /** The body is larger than any call of the app takes. */
  tooLarge: 'This request is too large.',
  /** A body in a format no call of the app reads (the app reads JSON and forms). */
  unsupportedBody: 'Send this request as JSON or as a form.',
  /** A path part longer than any id or name of the app. */
  addressTooLong: 'This address is too long.',
} as const;

export const authErrorCodes = {
  userNotFound: 'USER_NOT_FOUND',
  accountDisabled: 'ACCOUNT_DISABLED',
  invalidEmail: 'INVALID_EMAIL',
  emailNotVerified: 'EMAIL_NOT_VERIFIED',
  invalidCredentials: 'INVALID_EMAIL_OR_PASSWORD',
  /** A sign-up or profile field outside the contracts' bounds (profileMessages says which). */
  invalidField: 'INVALID_FIELD',
} as const;
