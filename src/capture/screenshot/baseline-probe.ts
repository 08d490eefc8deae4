/**
 * html2canvas finds each font's baseline by putting a 1×1 image inline after some sample text, in the
 * host document, and reading the image's offsetTop. The CSS resets nearly every site ships (Tailwind's
 * preflight, `img { display: block }`) move that image onto a line of its own, and then every line of
 * text is drawn about a line-gap too low. When the page's CSS would do that (checked on the clone,
 * which has the same stylesheets), a constructable stylesheet keeps html2canvas's probe image — and
 * only it, by its exact data URL — inline for the duration of the render. Adopted stylesheets change
 * no DOM, so the host's MutationObservers see nothing, and the sheet is taken out afterwards.
 */
const PROBE_IMAGE = 'data:image/gif;base64,R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7';

/** Whether the page's CSS would take html2canvas's probe image out of the line (checked in the clone). */
export function probeIsDisplaced(cloneDoc: Document): boolean {
  const view = cloneDoc.defaultView;
  if (!view || !cloneDoc.body) return false;
  const container = cloneDoc.createElement('div');
  const img = cloneDoc.createElement('img');
  img.src = PROBE_IMAGE;
  img.width = 1;
  img.height = 1;
  container.append(img);
  cloneDoc.body.append(container);
  const style = view.getComputedStyle(img);
  const displaced = style.display !== 'inline' || style.float !== 'none' || style.position !== 'static';
  container.remove();
  return displaced;
}

/** Keeps the probe image inline in `doc` until the returned function is called. */
export function keepProbeInline(doc: Document): () => void {
  const view = doc.defaultView;
  if (!view || !Array.isArray(doc.adoptedStyleSheets) || typeof view.CSSStyleSheet !== 'function') return () => {};
  const sheet = new view.CSSStyleSheet();
  sheet.replaceSync(
    `img[src="${PROBE_IMAGE}"][width="1"][height="1"] { display: inline !important; float: none !important; position: static !important; }`,
  );
  doc.adoptedStyleSheets = [...doc.adoptedStyleSheets, sheet];
  let removed = false;
  return () => {
    if (removed) return;
    removed = true;
    // Filtered rather than reset: the host may have adopted sheets of its own meanwhile.
    doc.adoptedStyleSheets = doc.adoptedStyleSheets.filter((adopted) => adopted !== sheet);
  };
}
