/**
 * The rich-text comment editor, a feature of its own and meant to be a lazily imported chunk: it
 * writes Quill Deltas (formats, lists, links, @mentions) without shipping Quill. Its stylesheet comes
 * with it (styles.ts).
 */
export { RichTextEditor, type MentionSource, type RichTextEditorHandle, type RichTextEditorProps } from './RichTextEditor';
export type { MentionCandidate } from './MentionList';
