/**
 * English words of the two editors: the rich-text editor (`ui/editor/`, toolbar, link field, mention
 * list) and the screenshot annotator (`ui/annotate/`). Sentences naming a shape read the shape's name
 * from the active table, so a host's override of a name is used everywhere.
 */
import { active as strings, type ShapeType } from './active';
import { formatNumber as n } from './intl';
import { shortcut as keys } from './keys';

export type { ShapeType };

const shape = (type: ShapeType): string => strings.annotate.shapes[type];

export const enTools = {
  editor: {
    toolbar: 'Formatting',
    tools: {
      bold: { label: 'Bold', keys: keys('Ctrl+B') },
      italic: { label: 'Italic', keys: keys('Ctrl+I') },
      underline: { label: 'Underline', keys: keys('Ctrl+U') },
      strike: { label: 'Strikethrough', keys: keys('Ctrl+Shift+X') },
      code: { label: 'Code', keys: keys('Ctrl+E') },
      link: { label: 'Link', keys: keys('Ctrl+K') },
      bullet: { label: 'Bulleted list', keys: keys('Ctrl+Shift+8') },
      ordered: { label: 'Numbered list', keys: keys('Ctrl+Shift+7') },
    },
    title: (label: string, shortcut: string) => `${label} (${shortcut})`,
    link: {
      field: 'Link address',
      placeholder: 'https://…',
      apply: 'Apply',
      remove: 'Remove link',
      cancel: 'Cancel',
      invalid: 'Enter a web address (https://…) or an email address.',
    },
    mentions: {
      list: 'People to mention',
      searching: 'Searching…',
      none: 'No one found',
      failed: 'Could not load people',
    },
  },
  annotate: {
    dialog: 'Annotate screenshot',
    toolbar: 'Annotation tools',
    tools: {
      box: { label: 'Box', title: 'Box: highlight an area (B)' },
      arrow: { label: 'Arrow', title: 'Arrow: point at something (A)' },
      pen: { label: 'Pen', title: 'Pen: draw freehand (P)' },
      text: { label: 'Text', title: 'Text: write a note (T)' },
      hide: { label: 'Hide', title: 'Hide: black out private information (H)' },
    } satisfies Record<ShapeType, { label: string; title: string }>,
    /** A drawn shape's name in announcements ("Box added"). */
    shapes: { box: 'Box', arrow: 'Arrow', pen: 'Drawing', text: 'Text', hide: 'Hidden area' } satisfies Record<ShapeType, string>,
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
    /** The visible hint on a touch-only device (ui/touch.ts): no keys. */
    touchHint: 'Drag to draw · Tap a shape to select it',
    instructions:
      'Choose a tool with B, A, P, T or H. Drag on the screenshot to draw, or press Enter to add a shape in the centre. ' +
      'Tab and Shift+Tab select shapes one by one. Arrow keys move the selected shape by 10 pixels, with Shift by 1 pixel; ' +
      'Alt with arrow keys resizes it. Delete removes it, F2 edits a selected text, Escape deselects. ' +
      'Ctrl+Z undoes, Ctrl+Shift+Z or Ctrl+Y redoes, Ctrl+Enter finishes.',
    textField: 'Annotation text',
    textPlaceholder: 'Type, then press Enter',
    shapeName: (type: ShapeType): string => shape(type),
    /** A shape's size in announcements: a text's font size, an arrow's length, a box's width × height. */
    size: {
      text: (px: number) => `${n(px)} px`,
      arrow: (px: number) => `${n(px)} px long`,
      box: (width: number, height: number) => `${n(width)} × ${n(height)}`,
    },
    announce: {
      tool: (type: ShapeType): string => `${strings.annotate.tools[type].label} tool`,
      color: (name: string) => `Colour: ${name}`,
      added: (type: ShapeType): string => `${shape(type)} added`,
      deleted: (type: ShapeType): string => `${shape(type)} deleted`,
      moved: (type: ShapeType, x: number, y: number): string => `${shape(type)} moved to ${x}, ${y}`,
      resized: (type: ShapeType, detail: string): string => `${shape(type)} resized to ${detail}`,
      recolored: (type: ShapeType, name: string): string => `${shape(type)} is now ${name}`,
      textChanged: 'Text changed',
      selected: (type: ShapeType, index: number, total: number): string => `${shape(type)} selected, ${n(index)} of ${n(total)}`,
      deselected: 'Nothing selected',
      nothingSelected: 'Select a shape first: press Tab',
      undone: 'Undone',
      redone: 'Redone',
      nothingToUndo: 'Nothing to undo',
      nothingToRedo: 'Nothing to redo',
      typeText: 'Type the text, then press Enter',
    },
  },
};
