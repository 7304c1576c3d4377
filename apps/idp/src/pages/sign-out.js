// Confirms the sign-out the portal asked for (with an ID token of this session), so a
// shared reception computer is really signed out; the buttons remain for browsers without script.
document.getElementById('op.logoutForm')?.requestSubmit();
