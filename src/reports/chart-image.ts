// The chart of a weekly report mail, as a PNG (pngjs): a bar per day of replies received, the
// positive ones drawn over them in green. Mail clients show a PNG inline (cid:), not an SVG or a
// script; the numbers are in the mail's table beside it, so the picture needs no text.
import { PNG } from 'pngjs';

const WIDTH = 560;
const HEIGHT = 180;
const PAD = 12;
const RECEIVED = [0x94, 0xa3, 0xb8];
const POSITIVE = [0x16, 0xa3, 0x4a];
const AXIS = [0xc9, 0xcc, 0xd3];

export function barChartPng(days: { received: number; positive: number }[]): Buffer {
  const png = new PNG({ width: WIDTH, height: HEIGHT });
  png.data.fill(0xff); // white, opaque
  const fill = (x0: number, y0: number, x1: number, y1: number, [r, g, b]: number[]) => {
    for (let y = Math.max(0, Math.round(y0)); y < Math.min(HEIGHT, Math.round(y1)); y++) {
      for (let x = Math.max(0, Math.round(x0)); x < Math.min(WIDTH, Math.round(x1)); x++) {
        const i = (y * WIDTH + x) * 4;
        png.data[i] = r!;
        png.data[i + 1] = g!;
        png.data[i + 2] = b!;
      }
    }
  };
  const max = Math.max(1, ...days.map((d) => d.received));
  const base = HEIGHT - PAD;
  const slot = (WIDTH - 2 * PAD) / Math.max(1, days.length);
  fill(PAD, base, WIDTH - PAD, base + 1, AXIS);
  days.forEach((d, i) => {
    const x0 = PAD + i * slot + slot * 0.15;
    const x1 = PAD + (i + 1) * slot - slot * 0.15;
    const h = (n: number) => ((HEIGHT - 2 * PAD) * n) / max;
    fill(x0, base - h(d.received), x1, base, RECEIVED);
    fill(x0, base - h(d.positive), x1, base, POSITIVE);
  });
  return PNG.sync.write(png);
}
