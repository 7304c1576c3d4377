// Confirms the sign-out the portal asked for (its request carried a valid id_token_hint), so a
// shared reception computer is really signed out; the buttons remain for browsers without script.
document.getElementById('op.logoutForm')?.requestSubmit();
