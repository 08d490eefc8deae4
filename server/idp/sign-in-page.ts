/**
 * The development IdP's sign-in popup: markup and script as strings. The page has no inline script
 * (the script is /sign-in.js, the one `<style>` carries a CSP nonce) and never hands the token to
 * the opener: it posts only `{type, state}` to sdkOrigin, and the widget reads the result itself.
 */

const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!);

export function signInPageHtml(nonce: string, apiVersion: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Sign in · Pinmark development sign-in</title>
<link rel="icon" href="data:,">
<style nonce="${escapeHtml(nonce)}">
  :root { color-scheme: light dark; font-family: system-ui, -apple-system, "Segoe UI", sans-serif; }
  body { margin: 0; min-height: 100vh; display: grid; place-items: center; background: Canvas; color: CanvasText; }
  main { width: min(22rem, calc(100vw - 2rem)); padding: 1.5rem; border: 1px solid #8886; border-radius: 12px; }
  h1 { font-size: 1.25rem; margin: 0 0 .25rem; }
  p.hint { margin: 0 0 1rem; font-size: .875rem; opacity: .8; }
  label { display: block; font-weight: 600; margin: .75rem 0 .25rem; }
  input { box-sizing: border-box; width: 100%; padding: .5rem .625rem; font: inherit; border: 1px solid #888; border-radius: 6px; }
  input[aria-invalid="true"] { border-color: #c62828; }
  .field-error { color: #c62828; font-size: .8125rem; margin: .25rem 0 0; }
  .field-error:empty { display: none; }
  button { margin-top: 1.25rem; width: 100%; padding: .625rem; font: inherit; font-weight: 600; border: 0; border-radius: 6px;
    background: #4f46e5; color: #fff; cursor: pointer; }
  button[disabled] { opacity: .6; cursor: progress; }
  :focus-visible { outline: 3px solid #818cf8; outline-offset: 2px; }
  [role="alert"] { margin: 1rem 0 0; padding: .5rem .75rem; border-radius: 6px; background: #fdecea; color: #8a1c1c; }
  [role="alert"]:empty { display: none; }
  [role="status"] { margin: 1rem 0 0; }
  [role="status"]:empty { display: none; }
</style>
<script src="/sign-in.js" defer data-api-version="${escapeHtml(apiVersion)}"></script>
</head>
<body>
<main>
  <h1>Sign in to leave feedback</h1>
  <p class="hint">Development sign-in: any name and e-mail address will do. Nothing is verified, so your account belongs to this browser: the same address typed in another browser is someone else.</p>
  <form id="sign-in-form" novalidate>
    <label for="name">Name</label>
    <input id="name" name="name" type="text" autocomplete="name" required maxlength="100" aria-describedby="name-error">
    <p id="name-error" class="field-error"></p>
    <label for="email">Email</label>
    <input id="email" name="email" type="email" autocomplete="email" required maxlength="320" aria-describedby="email-error">
    <p id="email-error" class="field-error"></p>
    <button id="submit" type="submit" disabled>Sign in</button>
  </form>
  <p id="error" role="alert"></p>
  <p id="status" role="status"></p>
</main>
</body>
</html>
`;
}

/** The page's behaviour; plain ES2017 so it runs in every browser the widget supports. */
export const SIGN_IN_SCRIPT = `'use strict';
(function () {
  var script = document.currentScript;
  var apiVersion = (script && script.getAttribute('data-api-version')) || '2023-02-22';
  document.addEventListener('DOMContentLoaded', function () {
    var params = new URLSearchParams(window.location.search);
    var publicKey = params.get('publicKey') || '';
    var markupId = params.get('markupId') || '';
    var state = params.get('state') || '';
    var sdkOrigin = null;
    try { sdkOrigin = new URL(params.get('sdkOrigin') || '').origin; } catch (e) { sdkOrigin = null; }
    if (sdkOrigin === 'null') sdkOrigin = null;

    var form = document.getElementById('sign-in-form');
    var nameInput = document.getElementById('name');
    var emailInput = document.getElementById('email');
    var button = document.getElementById('submit');
    var errorBox = document.getElementById('error');
    var statusBox = document.getElementById('status');

    function notifyOpener(message) {
      if (!window.opener || !sdkOrigin) return;
      try { window.opener.postMessage(message, sdkOrigin); } catch (e) { /* opener gone */ }
    }
    function showError(message) {
      statusBox.textContent = '';
      errorBox.textContent = message;
    }
    function fail(message) {
      showError(message);
      notifyOpener({ type: 'pinmark:sdk-sign-in-failed', state: state, message: message });
    }
    function setFieldError(input, message) {
      var box = document.getElementById(input.id + '-error');
      box.textContent = message;
      if (message) input.setAttribute('aria-invalid', 'true'); else input.removeAttribute('aria-invalid');
    }

    var missing = [];
    if (!publicKey) missing.push('publicKey');
    if (!markupId) missing.push('markupId');
    if (!state) missing.push('state');
    if (!sdkOrigin) missing.push('sdkOrigin');
    if (missing.length) {
      button.disabled = true;
      fail('This sign-in link is incomplete (missing ' + missing.join(', ') + '). Close this window and try again.');
      return;
    }

    async function readError(response) {
      try {
        var body = await response.json();
        if (body && body.error && body.error.message) return body.error.message;
      } catch (e) { /* not JSON */ }
      return 'Sign-in failed (HTTP ' + response.status + ').';
    }

    // The button comes disabled in the HTML and works once this handler is attached: pressed before
    // (a quick hand, a slow script), the form would be submitted natively, which the page's CSP refuses
    // (form-action 'none') and which aborts this script's download — the window would then do nothing.
    form.addEventListener('submit', async function (event) {
      event.preventDefault();
      var name = nameInput.value.trim();
      var email = emailInput.value.trim();
      var nameError = name.length < 1 ? 'Enter your name.' : name.length > 100 ? 'Use at most 100 characters.' : '';
      var emailError = /^[^\\s@]+@[^\\s@]+\\.[^\\s@]+$/.test(email) && email.length <= 320 ? '' : 'Enter an e-mail address like name@example.com.';
      setFieldError(nameInput, nameError);
      setFieldError(emailInput, emailError);
      if (nameError || emailError) {
        (nameError ? nameInput : emailInput).focus();
        return;
      }
      errorBox.textContent = '';
      button.disabled = true;
      button.textContent = 'Signing in…';
      statusBox.textContent = 'Signing in…';
      try {
        var tokenResponse = await fetch('/idp/token', {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ name: name, email: email })
        });
        if (!tokenResponse.ok) throw new Error(await readError(tokenResponse));
        var token = await tokenResponse.json();
        var exchange = await fetch('/api/v2/auth/sdk-exchange', {
          method: 'POST',
          headers: {
            'Authorization': 'Bearer ' + token.accessToken,
            'Content-Type': 'application/json',
            'Service-API-Version': apiVersion
          },
          body: JSON.stringify({ publicKey: publicKey, markupId: markupId, sdkOrigin: sdkOrigin, state: state })
        });
        if (!exchange.ok) throw new Error(await readError(exchange));
        statusBox.textContent = 'Signed in. You can close this window.';
        button.textContent = 'Signed in';
        notifyOpener({ type: 'pinmark:sdk-signed-in', state: state });
        window.close();
      } catch (error) {
        button.disabled = false;
        button.textContent = 'Sign in';
        var message = error && error.message && error.message !== 'Failed to fetch' ? error.message : 'Could not reach the server. Check your connection and try again.';
        fail(message);
      }
    });
    button.disabled = false;
    nameInput.focus();
  });
})();
`;
