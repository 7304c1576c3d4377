/** Every text of the provider's pages; one object per language. */
export interface Messages {
  productName: string;
  /** What the portal is for, after its name in each page's `<meta name="description">`. */
  description: string;
  /** This language's own name, on the switch to it. */
  languageName: string;
  /** The language switch's label. */
  language: string;
  skipToContent: string;
  imprint: string;
  privacy: string;
  accessibility: string;
  backToPortal: string;
  signIn: {
    /** The portal signed the person out (`pp_notice=signed-out`). */
    signedOut: string;
    /** The portal signed the person out after the idle timeout (`pp_notice=idle`). */
    signedOutIdle: string;
    /** After the portal deleted the account (decision 0078). */
    accountDeleted: string;
    /** The session was ended on another device (`pp_notice=ended-elsewhere`). */
    endedElsewhere: string;
    title: string;
    intro: string;
    email: string;
    password: string;
    submit: string;
    cancel: string;
    invalidCredentials: string;
    missingFields: string;
    /** `seconds` ≥ 1. */
    throttled(seconds: number): string;
    waitBeforeRetry(seconds: number): string;
    forgotPassword: string;
    noAccount: string;
    register: string;
    /** The password was right, but the address is not confirmed yet. */
    unverified: string;
    resendVerification: string;
  };
  /** The fields and their errors on the registration and password pages. */
  fields: {
    email: string;
    password: string;
    newPassword: string;
    passwordRepeat: string;
    passwordHint(min: number): string;
    summary: string;
    missingEmail: string;
    invalidEmail: string;
    prohibitedAlias: string;
    tooShort(min: number): string;
    tooLong(max: number): string;
    sameAsEmail: string;
    mismatch: string;
    /** Too many requests of the forms that send mail from one address; `seconds` ≥ 1. */
    throttled(seconds: number): string;
  };
  register: {
    title: string;
    intro: string;
    submit: string;
    haveAccount: string;
    signIn: string;
    sentTitle: string;
    sent: string;
    notReceived: string;
    verifiedTitle: string;
    verified: string;
    toPortal: string;
    linkInvalidTitle: string;
    linkInvalid: string;
    requestNewLink: string;
  };
  /** The page of the confirmation link: the registration's password confirms the account. */
  confirm: {
    title: string;
    /** What the page is for and what happens. */
    intro: string;
    /** For whoever did not register: nothing happens without the password. */
    notYou: string;
    submit: string;
    forgotPassword: string;
    missingPassword: string;
    wrongPassword: string;
    /** `seconds` ≥ 1. */
    throttled(seconds: number): string;
  };
  resend: {
    title: string;
    intro: string;
    submit: string;
    sent(validHours: number): string;
  };
  forgotPassword: {
    title: string;
    intro: string;
    submit: string;
    backToSignIn: string;
    sent(validMinutes: number): string;
  };
  resetPassword: {
    title: string;
    intro: string;
    submit: string;
    doneTitle: string;
    done: string;
    linkInvalid: string;
    requestNewLink: string;
  };
  signOut: {
    title: string;
    question: string;
    inProgress: string;
    confirm: string;
    stay: string;
    doneTitle: string;
    done: string;
  };
  /** Two-factor sign-in with an authenticator app and recovery codes (decision 0064). */
  secondFactor: {
    codeTitle: string;
    codeIntro: string;
    codeLabel: string;
    verify: string;
    useRecoveryCode: string;
    recoveryTitle: string;
    recoveryIntro: string;
    recoveryLabel: string;
    /** How many unused recovery codes the account has. */
    recoveryLeft(count: number): string;
    useApp: string;
    wrongCode: string;
    wrongRecoveryCode: string;
    missingCode: string;
    /** `seconds` ≥ 1. */
    throttled(seconds: number): string;
    setupTitle: string;
    setupIntro: string;
    /** The practice that requires a second factor, when the sign-in asks for the setup. */
    requiredBy: (practice: string) => string;
    /** Signs in without the setup, for now. */
    later: string;
    qrLabel: string;
    secretLabel: string;
    openInApp: string;
    confirmLabel: string;
    confirmHint: string;
    confirmSubmit: string;
    cancel: string;
    alreadyTitle: string;
    already: string;
    notSetUpTitle: string;
    notSetUp: string;
    continue: string;
    codesTitle: string;
    setupDone: string;
    codesIntro: string;
    codesListLabel: string;
    copy: string;
    copied: string;
    download: string;
    /** The first line of the downloaded file. */
    fileTitle(email: string): string;
    removeTitle: string;
    removeIntro: string;
    removeSubmit: string;
    newCodesTitle: string;
    newCodesIntro: string;
    newCodesSubmit: string;
    withCode: string;
    withPassword: string;
    password: string;
    wrongPassword: string;
    missingPassword: string;
    /** The second step with a passkey (issue 41). */
    passkeyTitle: string;
    passkeyIntro: string;
    usePasskeyNow: string;
    usePasskey: string;
    passkeyRefused: string;
    passkeyFailed: string;
    passkeyNoScript: string;
    passkeyUnsupported: string;
    /** Above the second step of a signed-in person's step-up. */
    stepUpLead: string;
    /** Above the second step right after the app was set up: its code is spent. */
    afterSetupLead: string;
    /** The step-up's recovery codes page: where "continue" goes. */
    continueToCode: string;
    /** Adding a factor asks for the password or a code first (issue 41, finding 3). */
    verifyTitle: string;
    verifyIntro: string;
    verifyIntroPasswordOnly: string;
    verifySubmit: string;
    /** Removing or renewing after a recent proof: one button, no fields. */
    verifiedIntro: string;
  };
  passkeys: {
    /** The sign-in page's button. */
    signIn: string;
    /** Between the password form and the passkey button. */
    or: string;
    running: string;
    /** The browser's ceremony was cancelled or failed (announced on the page). */
    browserFailed: string;
    /** The passkey was not accepted by the provider. */
    refused: string;
    /** The passkey was checked without user verification, and the account has a second factor. */
    needsVerification: string;
    addTitle: string;
    addIntro: string;
    nameLabel: string;
    nameHint: string;
    missingName: string;
    add: string;
    registrationFailed: string;
    unsupported: string;
    noScript: string;
    /** "Chrome unter Linux". */
    defaultName(browser: string, system: string): string;
    fallbackName: string;
    removeTitle: string;
    removeIntro(name: string): string;
    removeSubmit: string;
    notFoundTitle: string;
    notFound: string;
    cancel: string;
  };
  error: {
    title: string;
    generic: string;
    expired: string;
    forbidden: string;
    notFound: string;
    invalidInput: string;
    code: string;
    details: string;
  };
}
