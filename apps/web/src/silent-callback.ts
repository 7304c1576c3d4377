import { UserManager } from 'oidc-client-ts';

// Silent sign-in and renewal land here, inside a hidden frame of our own origin: hand the
// provider's answer to the portal page that opened the frame, which checks and processes it.
// The settings are not used for that, but the library insists on them.
const origin = window.location.origin;
new UserManager({ authority: origin, client_id: 'portal', redirect_uri: `${origin}/` })
  .signinSilentCallback()
  .catch((error: unknown) => console.error('silent sign-in callback failed', error));
