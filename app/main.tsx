/**
 * The review app's entry (issue 16): theme and language first (German for the widget's reused
 * components is a chunk; it arrives before the first render, so nothing flips language), the
 * renderer's stylesheet for rendered messages, the way back from the identity provider, then the app.
 */
import { render } from 'preact';
import { deltaCss } from '../src/delta';
import { adoptOutside } from '../src/ui/document-styles';
import { language, setLanguage } from './i18n';
import { isOidcReturn } from './auth/oidc-return';
import { applyTheme } from './state/prefs';
import { prepareSignIn } from './state/sign-in-config';
import { App } from './views/App';

applyTheme();
adoptOutside(document, deltaCss);
// Back from the identity provider, the sign-in is finished before anything shows; otherwise the
// sign-in configuration arrives in the background (a signed-in member does not need it).
const preparing = prepareSignIn();
const signInDone = isOidcReturn(window.location) ? preparing : Promise.resolve();
void Promise.all([setLanguage(language.peek()), signInDone]).finally(() => render(<App />, document.getElementById('root')!));
