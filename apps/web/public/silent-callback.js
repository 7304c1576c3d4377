// Silent renew lands here inside a hidden frame of our own origin. The sign-in issue replaces
// this file with a bundle that calls oidc-client-ts `UserManager#signinSilentCallback()`; until
// then there is no sign-in, so the page does nothing. It stays a file because the CSP allows no
// inline scripts.
