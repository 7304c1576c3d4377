// Sets the colour scheme before the first paint, so the page never flashes in the wrong one.
// A file, not an inline script: the Content-Security-Policy allows scripts from our origin only.
// Keep the key and attribute in step with src/lib/theme/color-scheme.ts and Mantine.
/* global window, document */
(function () {
  var scheme = 'light';
  try {
    var stored = window.localStorage.getItem('pp.color-scheme');
    if (stored === 'light' || stored === 'dark') scheme = stored;
    else if (window.matchMedia('(prefers-color-scheme: dark)').matches) scheme = 'dark';
  } catch {
    // Storage may be blocked; the light scheme is the safe default.
  }
  document.documentElement.setAttribute('data-mantine-color-scheme', scheme);
})();
