// The passkey ceremonies (decision 0071), run with @simplewebauthn/browser's bundle, which is
// loaded before this file. Without a browser that supports passkeys, their buttons stay hidden
// and the pages work with the password alone.
// A form `[data-passkey]` gets its options from `data-options` (a POST with the form's CSRF
// token), runs the ceremony, and posts the answer in its `credential` field.
const webauthn = globalThis.SimpleWebAuthnBrowser;
const supported =
  typeof window.PublicKeyCredential === 'function' && !!webauthn?.browserSupportsWebAuthn();

for (const form of document.querySelectorAll('form[data-passkey]')) {
  const status = document.getElementById(form.dataset.status ?? '');
  const block = form.closest('[data-passkey-block]') ?? form;
  if (!supported) {
    const unsupported = document.getElementById(form.dataset.unsupported ?? '');
    if (unsupported) unsupported.hidden = false;
    continue;
  }
  block.hidden = false;
  // `autofocus` inside a block that was hidden when the page loaded did nothing.
  const first = block.querySelector('[autofocus]');
  if (first && document.activeElement === document.body) first.focus();
  let running = false;
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    if (running) return;
    running = true;
    if (status) status.textContent = form.dataset.running ?? '';
    const csrf = form.querySelector('input[name="csrf"]')?.value ?? '';
    fetch(form.dataset.options ?? '', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ csrf }),
      credentials: 'same-origin',
    })
      .then((response) => {
        if (!response.ok) throw new Error(`options: ${response.status}`);
        return response.json();
      })
      .then((optionsJSON) =>
        form.dataset.passkey === 'register'
          ? webauthn.startRegistration({ optionsJSON })
          : webauthn.startAuthentication({ optionsJSON }),
      )
      .then((credential) => {
        form.querySelector('input[name="credential"]').value = JSON.stringify(credential);
        form.submit();
      })
      .catch(() => {
        running = false;
        if (status) status.textContent = form.dataset.failed ?? '';
      });
  });
}
