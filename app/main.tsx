/**
 * The review app's entry (issue 16): theme and language first (German for the widget's reused
 * components is a chunk; it arrives before the first render, so nothing flips language), the
 * renderer's stylesheet for rendered messages, then the app.
 */
import { render } from 'preact';
import { deltaCss } from '../src/delta';
import { adoptOutside } from '../src/ui/document-styles';
import { language, setLanguage } from './i18n';
import { applyTheme } from './state/prefs';
import { App } from './views/App';

applyTheme();
adoptOutside(document, deltaCss);
void setLanguage(language.peek()).finally(() => render(<App />, document.getElementById('root')!));
