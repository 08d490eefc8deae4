/** A QA report's diagnostics in the thread view: loaded through the controller, shown by DiagnosticsDetails. */
import { useEffect } from 'preact/hooks';
import type { Attachment } from '../../api/wire';
import { useWidget } from '../hooks';
import { DiagnosticsDetails } from './DiagnosticsDetails';
import { useMediaStyles } from './styles';

export function DiagnosticsSummary({ attachment }: { attachment: Attachment }) {
  useMediaStyles();
  const { store, actions } = useWidget().controller;
  useEffect(() => actions.loadDiagnostics(attachment), [attachment.id]);
  return <DiagnosticsDetails state={store.diagnostics.value[attachment.id]} />;
}
