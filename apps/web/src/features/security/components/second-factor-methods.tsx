/**
 * The slot of the second factors (authenticator app, recovery codes, passkeys) in the security
 * page's sign-in methods: filled by the two-factor work of issue 25; renders nothing until then.
 */
export function SecondFactorMethods() {
  return null;
}
