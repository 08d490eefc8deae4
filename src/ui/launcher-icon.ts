/** The launcher's speech-bubble icon (an SVG path on a 24×24 box): the same in the widget and the visitor's launcher. */
export const LAUNCHER_ICON =
  'M4 5.5A2.5 2.5 0 0 1 6.5 3h11A2.5 2.5 0 0 1 20 5.5v8a2.5 2.5 0 0 1-2.5 2.5H10l-4.2 3.6c-.5.4-1.3.1-1.3-.6V16A2.5 2.5 0 0 1 4 13.5z';
