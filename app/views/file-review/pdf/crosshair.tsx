/**
 * Commenting on a page without a mouse: with the page focused, Enter (or Space) shows a crosshair
 * in its middle, the arrow keys move it (2 % a press, 10 % with Shift), Enter starts the comment
 * there and Esc takes the crosshair away. Its position is said in a polite status as it moves.
 */
import { useState } from 'preact/hooks';
import { pdfWords } from '../../../i18n/pdf';
import { clampPercent } from '../kit/geometry';

export interface CrosshairPoint {
  x: number;
  y: number;
}

const MOVES: Record<string, [number, number]> = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };

export function useCrosshair(enabled: boolean, commit: (point: CrosshairPoint) => void) {
  const [point, setPoint] = useState<CrosshairPoint | null>(null);
  const onKeyDown = (event: KeyboardEvent) => {
    // Keys typed on a pin or the selection button belong to them.
    if (!enabled || event.target !== event.currentTarget || event.altKey || event.ctrlKey || event.metaKey) return;
    if (!point) {
      if (event.key === 'Enter' || event.key === ' ') {
        event.preventDefault();
        setPoint({ x: 50, y: 50 });
      }
      return;
    }
    const move = MOVES[event.key];
    if (move) {
      event.preventDefault();
      const step = event.shiftKey ? 10 : 2;
      setPoint({ x: clampPercent(point.x + move[0] * step), y: clampPercent(point.y + move[1] * step) });
    } else if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      setPoint(null);
      commit(point);
    } else if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      setPoint(null);
    }
  };
  const onBlur = (event: FocusEvent) => {
    const next = event.relatedTarget as Node | null;
    if (!next || !(event.currentTarget as Node).contains(next)) setPoint(null);
  };
  return { point, onKeyDown, onBlur };
}

export function PageCrosshair({ x, y }: CrosshairPoint) {
  const words = pdfWords();
  return (
    <div class="pdf-crosshair" style={{ left: `${x}%`, top: `${y}%` }}>
      <span class="visually-hidden" role="status">
        {`${words.crosshair}: ${words.crosshairAt(x, y)}`}
      </span>
    </div>
  );
}
