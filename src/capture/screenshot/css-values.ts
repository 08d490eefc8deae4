/**
 * The few pieces of CSS value syntax the clone repairs need to read, on computed values only: those
 * come normalised by the browser (colours as rgb(), angles in deg or %, positions as two
 * length-percentages, possibly `calc(P% ± Lpx)`), so no general CSS parser is needed.
 */

/** Splits at `separator` (a comma or whitespace) outside parentheses and quotes; empty parts dropped. */
export function splitTopLevel(value: string, separator: ',' | ' '): string[] {
  const parts: string[] = [];
  let depth = 0;
  let quote = '';
  let start = 0;
  for (let i = 0; i < value.length; i++) {
    const ch = value[i]!;
    if (quote) {
      if (ch === quote) quote = '';
    } else if (ch === '"' || ch === "'") quote = ch;
    else if (ch === '(') depth++;
    else if (ch === ')') depth--;
    else if (depth === 0 && (separator === ',' ? ch === ',' : /\s/.test(ch))) {
      parts.push(value.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(value.slice(start));
  return parts.map((part) => part.trim()).filter(Boolean);
}

const NUMBER = String.raw`[-+]?(?:\d+\.?\d*|\.\d+)(?:e[-+]?\d+)?`;
const PX_OR_PERCENT = new RegExp(`^(${NUMBER})(px|%)$`, 'i');
const CALC = new RegExp(`^calc\\(\\s*(${NUMBER})%\\s*([-+])\\s*(${NUMBER})px\\s*\\)$`, 'i');
const ANGLE = new RegExp(`^(${NUMBER})(deg|grad|rad|turn|%)$`, 'i');

/** A computed length-percentage in px, percentages taken of `basis`; null when not understood. */
export function lengthPercentage(token: string, basis: number): number | null {
  const simple = PX_OR_PERCENT.exec(token);
  if (simple) return simple[2] === '%' ? (Number(simple[1]) / 100) * basis : Number(simple[1]);
  const calc = CALC.exec(token);
  if (calc) return (Number(calc[1]) / 100) * basis + (calc[2] === '-' ? -1 : 1) * Number(calc[3]);
  return token === '0' ? 0 : null;
}

/** An angle or a percentage of a full turn, in turns; null when not an angle. */
export function turns(token: string): number | null {
  const match = ANGLE.exec(token);
  if (!match) return token === '0' ? 0 : null;
  const value = Number(match[1]);
  switch (match[2]!.toLowerCase()) {
    case 'deg':
      return value / 360;
    case 'grad':
      return value / 400;
    case 'rad':
      return value / (2 * Math.PI);
    case '%':
      return value / 100;
    default:
      return value;
  }
}
