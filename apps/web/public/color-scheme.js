// Sets the colour scheme before the first paint, so the page never flashes in the wrong one.
// A file, not an inline script: the Content-Security-Policy allows scripts from our origin only.
// Keep the key and attribute in step with src/lib/theme/color-scheme.ts and Mantine. Without a
// stored choice it follows the system's changes too, as Mantine does once loaded: the screens
// shown before (the sign-in's wait, cancel and failure, decision 0038) have no Mantine.
/* global window, document */
(function () {
  var media;
  try {
    media = window.matchMedia('(prefers-color-scheme: dark)');
  } catch {
    // No media queries: the light scheme is the safe default.
  }
  function apply() {
    var scheme = media && media.matches ? 'dark' : 'light';
    try {
      var stored = window.localStorage.getItem('pp.color-scheme');
      if (stored === 'light' || stored === 'dark') scheme = stored;
    } catch {
      // Storage may be blocked; the system's scheme stands.
    }
    document.documentElement.setAttribute('data-mantine-color-scheme', scheme);
  }
  apply();
  if (media && media.addEventListener) media.addEventListener('change', apply);
})();
