// "Codes kopieren" on the recovery codes page: the button appears only where this script runs
// (without it, the codes can still be selected or downloaded), and its outcome is announced.
for (const button of document.querySelectorAll('button[data-copy]')) {
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
