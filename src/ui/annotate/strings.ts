/**
 * Every word the annotation editor shows or announces, in one object so it can be reviewed and later
 * merged into `ui/strings.ts` (and translated) without touching the components.
 */
import type { AnnotationShape } from '../../api/wire';

type ShapeType = AnnotationShape['type'];

const shapeNames: Record<ShapeType, string> = {
  box: 'Box',
  arrow: 'Arrow',
  pen: 'Drawing',
  text: 'Text',
  hide: 'Hidden area',
};

export const annotateStrings = {
  dialog: 'Annotate screenshot',
  toolbar: 'Annotation tools',
  tools: {
    box: { label: 'Box', title: 'Box: highlight an area (B)' },
    arrow: { label: 'Arrow', title: 'Arrow: point at something (A)' },
    pen: { label: 'Pen', title: 'Pen: draw freehand (P)' },
    text: { label: 'Text', title: 'Text: write a note (T)' },
    hide: { label: 'Hide', title: 'Hide: black out private information (H)' },
  } satisfies Record<ShapeType, { label: string; title: string }>,
  colors: {
    group: 'Colour',
    red: 'Red',
    amber: 'Amber',
    blue: 'Blue',
    green: 'Green',
  },
  undo: 'Undo',
  undoTitle: 'Undo (Ctrl+Z)',
  redo: 'Redo',
  redoTitle: 'Redo (Ctrl+Shift+Z)',
  deleteShape: 'Delete',
  deleteTitle: 'Delete the selected shape (Delete)',
  done: 'Done',
  doneTitle: 'Done (Ctrl+Enter)',
  cancel: 'Cancel',
  cancelTitle: 'Cancel (Esc)',
  surface: 'Screenshot',
  surfaceRole: 'annotation canvas',
  hint: 'Drag to draw · Tab selects shapes · Arrows move · Alt+arrows resize · Enter adds at the centre',
  instructions:
    'Choose a tool with B, A, P, T or H. Drag on the screenshot to draw, or press Enter to add a shape in the centre. ' +
    'Tab and Shift+Tab select shapes one by one. Arrow keys move the selected shape by 10 pixels, with Shift by 1 pixel; ' +
    'Alt with arrow keys resizes it. Delete removes it, F2 edits a selected text, Escape deselects. ' +
    'Ctrl+Z undoes, Ctrl+Shift+Z or Ctrl+Y redoes, Ctrl+Enter finishes.',
  textField: 'Annotation text',
  textPlaceholder: 'Type, then press Enter',
  shapeName: (type: ShapeType) => shapeNames[type],
  announce: {
    tool: (type: ShapeType) => `${annotateStrings.tools[type].label} tool`,
    color: (name: string) => `Colour: ${name}`,
    added: (type: ShapeType) => `${shapeNames[type]} added`,
    deleted: (type: ShapeType) => `${shapeNames[type]} deleted`,
    moved: (type: ShapeType, x: number, y: number) => `${shapeNames[type]} moved to ${x}, ${y}`,
    resized: (type: ShapeType, detail: string) => `${shapeNames[type]} resized to ${detail}`,
    recolored: (type: ShapeType, name: string) => `${shapeNames[type]} is now ${name}`,
    textChanged: 'Text changed',
    selected: (type: ShapeType, n: number, total: number) => `${shapeNames[type]} selected, ${n} of ${total}`,
    deselected: 'Nothing selected',
    nothingSelected: 'Select a shape first: press Tab',
    undone: 'Undone',
    redone: 'Redone',
    nothingToUndo: 'Nothing to undo',
    nothingToRedo: 'Nothing to redo',
    typeText: 'Type the text, then press Enter',
  },
};
