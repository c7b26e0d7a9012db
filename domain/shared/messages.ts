/**
 * The spec's messages for accounts, access and the public forms (sections 5 and 8), as plain
 * strings: the schemas (schemas.ts) refuse with them, and pages that only show one (the root's
 * notices) import them without valibot.
 */
export const MESSAGES = {
  signinRequired: "Please provide both email and password",
  signupRequired: "Please fill out all fields",
  passwordsMismatch: "Passwords do not match",
  passwordTooShort: "Password must be at least 6 characters",
  invalidBirthDate: "Please enter a valid birth date",
  tooYoung: "You must be at least 18 years old to register",
  invalidEmail: "Please enter a valid email address",
  invalidRole: "Please choose a valid role: investor or founder",
  firstNameTooLong: "First name must be at most 80 characters",
  lastNameTooLong: "Last name must be at most 80 characters",
  emailTooLong: "Email must be at most 254 characters",
  passwordTooLong: "Password must be at most 128 characters",
  emailTaken: "An account with this email already exists",
  invalidCredentials: "Invalid credentials",
  invalidCredentialsScreen: "Invalid email or password. Please check your credentials and try again.",
  tooManyAttempts: "Too many failed sign-in attempts. Please wait 15 minutes and try again.",
  tooManySignups: "Too many accounts were created from your network. Please wait an hour and try again.",
  passwordBlank: "Password cannot be only spaces",
  passwordCommon: "This password is one of the most common passwords. Please choose one that is harder to guess.",
  passwordTrivial:
    "This password is too easy to guess: avoid repeated characters and sequences such as aaaaaa or 123456.",
  passwordPersonal: "Your password cannot be built from your name or email address. Please choose another.",
  authRequired: "Authentication required",
  /** Every door's 404 for a project (the pages' "Project Not Found" title, spec section 2). */
  projectNotFound: "Project Not Found",
  founderCannotInvest:
    "As a founder, you cannot invest in projects. Please sign in with an investor account to make investments.",
  founderNoPortfolio:
    "As a founder, you cannot access the investor portfolio. This feature is only available for investor accounts.",
  investorsOnly: "This section is only available for investors. Please use an investor account to access this feature.",
  foundersOnly: "This section is only available for founders. Please use a founder account to access this feature.",
  noPermission: "You do not have permission to access that page.",
  accessDeniedDefault: "You do not have permission to access this page.",

  // Contact forms (spec sections 5, 8)
  contactRequired: "Please fill in all required fields",
  contactSuccess: "Thank you for your message! We will get back to you soon.",
  contactError: "Something went wrong",
  contactFailed: "Failed to send message",
  contactNameTooLong: "Name must be at most 100 characters",
  contactEmailTooLong: "Email must be at most 254 characters",
  contactMessageTooLong: "Message must be at most 5,000 characters",
  contactInvalidSubject: "Please choose a subject: general, support, business or other",
  contactRateLimited: "You have sent too many messages. Please wait 10 minutes and try again.",

  // Supporters (spec sections 5, 8)
  supportRequired: "Please fill in all required fields",
  supportNameTooLong: "Name must be at most 100 characters",
  supportEmailTooLong: "Email must be at most 254 characters",
  supportMessageTooLong: "Your message must be at most 500 characters",
  supportThanks: "Thank you for your support!",
  supportError: "Something went wrong. Please try again.",
  supportFailed: "Failed to submit your support. Please try again later.",
  supportRateLimited: "Too many sign-ups from your network. Please wait 10 minutes and try again.",

  // Words two features share (each feature's table names them: PROFILE_MESSAGES, RESET_MESSAGES, …)
  bodyNotObject: "Request body must be a JSON object",
  userNotFound: "User not found",
  profileSignedOut: "You must be logged in to save settings",
  profileSaved: "Profile updated successfully",
  profileSaveFailed: (reason: string) => `Failed to save profile: ${reason}`,
  profileLoadFailed: "Failed to load profile. Please try again later.",
  newPasswordRequired: "Please enter a new password",
  newPasswordConfirmRequired: "Please confirm your new password",
  emailConfirmed: "Your email address is confirmed.",
  /** Two-step sign-in's rule for admins (two-factor.ts), here so every page's notices carry it alone. */
  adminNeedsSecondFactor:
    "The admin console needs two-step sign-in: turn on an authenticator app or add a passkey in Settings, then sign in with it",
} as const;
