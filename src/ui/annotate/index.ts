/**
 * The screenshot annotation editor, a feature of its own: QA reviewers mark up the captured viewport
 * (box, arrow, pen, text, hide) before posting. Meant to be a lazily imported chunk: visitors who
 * never post a screenshot never download it. Its stylesheet comes with it (see dom.ts).
 */
export { AnnotationEditor, type AnnotationEditorProps } from './AnnotationEditor';
export { drawShapes, flattenAnnotations, HIDE_COLOR } from './draw';
