/** The raw-HTML scanner behind `pinmark locate`'s line numbers (pure). */
import { describe, expect, it } from 'vitest';
import { positionAt, startTagPosition, startTags } from './locate/html-source.ts';

const HTML = `<!doctype html>
<html><head><title><p>not a tag</p></title>
<script>if (a<p) document.write("<p>")</script>
<style>p::before { content: "<p>" }</style></head>
<body><!-- <p>commented</p> -->
<p data-x="a>b">one</p><P>two</P>
  <p
    class="three">three</p><pre>x</pre>
</body></html>`;

describe('html-source', () => {
  it('finds start tags the HTML tokenizer would, not those in comments, raw text or attribute values', () => {
    const offsets = startTags(HTML, 'p');
    expect(offsets.map((o) => positionAt(HTML, o))).toMatchObject([
      { line: 6, column: 1 },
      { line: 6, column: 24 },
      { line: 7, column: 3 },
    ]);
    expect(startTags(HTML, 'pre')).toHaveLength(1);
  });

  it('answers a position only when the counts agree', () => {
    expect(startTagPosition(HTML, { tag: 'p', index: 2, count: 3 })).toMatchObject({ line: 7, column: 3 });
    expect(startTagPosition(HTML, { tag: 'p', index: 0, count: 4 })).toBeNull();
    expect(startTagPosition(HTML, { tag: 'p', index: 3, count: 3 })).toBeNull();
  });
});
