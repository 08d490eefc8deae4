/**
 * The annotation editor over the page for the new comment's screenshot (a chunk of its own: only
 * reviewers who annotate download it). The editor returns the flattened image and the shapes;
 * the store keeps the untouched capture, so annotating again starts from the original.
 */
import { AnnotationEditor } from '../annotate';
import { useWidget } from '../hooks';

export function Annotator() {
  const { controller, touchOnly } = useWidget();
  const { actions } = controller;
  const source = actions.screenshotForAnnotation();
  if (!source) return null;
  return (
    <AnnotationEditor
      image={source.image}
      scale={source.scale}
      initial={source.annotations ?? undefined}
      onDone={({ canvas, annotations }) => void actions.applyAnnotations(canvas, annotations)}
      onCancel={() => actions.closeAnnotator()}
      touchOnly={touchOnly.value}
    />
  );
}
