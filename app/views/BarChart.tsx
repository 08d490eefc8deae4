/**
 * A horizontal bar chart drawn as SVG by hand (no chart library): one bar per row, its label and
 * value beside it. Decorative for assistive technology (aria-hidden): the table after it is the
 * accessible form of the same figures.
 */
export interface Bar {
  label: string;
  value: number;
}

const WIDTH = 420;
const LABEL = 140;
const ROW = 28;
const BAR = 18;

const short = (text: string, max = 20) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

export function BarChart({ bars, max = 10 }: { bars: Bar[]; max?: number }) {
  const shown = bars.slice(0, max);
  if (!shown.length) return null;
  const top = Math.max(1, ...shown.map((b) => b.value));
  const room = WIDTH - LABEL - 40;
  const height = shown.length * ROW;
  return (
    <svg class="bar-chart" viewBox={`0 0 ${WIDTH} ${height}`} width="100%" aria-hidden="true" focusable="false">
      {shown.map((bar, i) => {
        const y = i * ROW;
        const length = Math.max(bar.value > 0 ? 2 : 0, (bar.value / top) * room);
        return (
          <g key={`${bar.label}-${i}`}>
            <text x={LABEL - 8} y={y + ROW / 2} text-anchor="end" dominant-baseline="central" class="bar-label">
              {short(bar.label)}
            </text>
            <rect x={LABEL} y={y + (ROW - BAR) / 2} width={room} height={BAR} rx="4" class="bar-track" />
            <rect x={LABEL} y={y + (ROW - BAR) / 2} width={length} height={BAR} rx="4" class="bar-fill" />
            <text x={LABEL + length + 6} y={y + ROW / 2} dominant-baseline="central" class="bar-value">
              {bar.value.toLocaleString()}
            </text>
          </g>
        );
      })}
    </svg>
  );
}
