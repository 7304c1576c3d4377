// "Codes kopieren" on the recovery codes page: the button appears only where this script runs
// (without it, the codes can still be selected or downloaded), and its outcome is announced.
function wireCopy() {
  for (const button of document.querySelectorAll('button[data-copy]:not([data-wired])')) {
    button.dataset.wired = '';
    const source = document.getElementById(button.dataset.copy ?? '');
    const status = document.getElementById(button.dataset.status ?? '');
    button.hidden = false;
    button.addEventListener('click', () => {
      navigator.clipboard.writeText(source?.dataset.text ?? '').then(
        () => {
          if (status) status.textContent = button.dataset.done ?? '';
        },
        () => {},
      );
    });
  }
}

// The language switch of the codes' page (issue 43): loading the page again would not show the
// codes again, so the page carries its other language in a template and swaps it in here.
function wireLanguage() {
  const other = document.getElementById('other-language');
  const button = document.querySelector('button[data-switch-language]:not([data-wired])');
  if (!(other instanceof HTMLTemplateElement) || !button) return;
  button.dataset.wired = '';
  const nav = button.closest('nav');
  if (nav) nav.hidden = false;
  button.addEventListener('click', () => {
    const incoming = [...other.content.childNodes];
    const outgoing = [...document.body.childNodes].filter((node) => node !== other);
    other.content.replaceChildren(...outgoing);
    document.body.prepend(...incoming);
    const lang = other.dataset.lang ?? '';
    const title = other.dataset.title ?? '';
    other.dataset.lang = document.documentElement.lang;
    other.dataset.title = document.title;
    document.documentElement.lang = lang;
    // The attribute's entities are decoded already: the title is plain text here.
    document.title = title;
    wireCopy();
    wireLanguage();
    document.querySelector('button[data-switch-language]')?.focus();
  });
}

wireCopy();
wireLanguage();
