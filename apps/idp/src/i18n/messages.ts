/** Every text of the provider's pages; one object per language. */
export interface Messages {
  productName: string;
  skipToContent: string;
  imprint: string;
  privacy: string;
  backToPortal: string;
  signIn: {
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
  error: {
    title: string;
    generic: string;
    expired: string;
    forbidden: string;
    notFound: string;
    code: string;
    details: string;
  };
}
