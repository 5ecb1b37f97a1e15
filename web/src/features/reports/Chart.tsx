// A bar chart (Chart.js, loaded with the Reports page only) with its numbers in a table under it
// for screen readers and for reading exact values, and a CSV download of that table. The
// canvas is hidden from assistive technology: the table says the same.
import { BarController, BarElement, CategoryScale, Chart, Legend, LinearScale, Tooltip } from 'chart.js';
import { useEffect, useId, useRef, useState } from 'react';
// the server's CSV rules, formula injection included (src/csv.ts: pure, so the bundle takes it)
import { csvRow } from '../../../../src/csv.ts';

Chart.register(BarController, BarElement, CategoryScale, LinearScale, Legend, Tooltip);

export interface Series {
  label: string;
  color: string;
  values: number[];
}

/** The page's own colours (base.css custom properties), so a chart follows the theme. */
const cssColor = (name: string, fallback: string) => getComputedStyle(document.documentElement).getPropertyValue(name).trim() || fallback;

/** Whether the system asks for dark colours, kept current: a chart is drawn again when it changes. */
function useDarkScheme(): boolean {
  const query = '(prefers-color-scheme: dark)';
  const [dark, setDark] = useState(() => matchMedia(query).matches);
  useEffect(() => {
    const media = matchMedia(query);
    const changed = () => setDark(media.matches);
    media.addEventListener('change', changed);
    return () => media.removeEventListener('change', changed);
  }, []);
  return dark;
}

const plain = (v: number) => String(v);

export function toCsv(head: string[], rows: (string | number)[][]): string {
  return [head, ...rows].map(csvRow).join('');
}

function download(name: string, text: string) {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

export function BarChart(props: {
  title: string;
  labels: string[];
  series: Series[];
  stacked?: boolean;
  horizontal?: boolean;
  /** How a value reads in the table and the tooltip (a percentage, a duration). */
  format?: (v: number) => string;
  /** The CSV's file name, without .csv. */
  file: string;
  /** The table's first column's heading. */
  labelHeading: string;
}) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const id = useId();
  const format = props.format ?? plain;
  const dark = useDarkScheme();

  useEffect(() => {
    if (!canvas.current) return;
    const text = cssColor('--muted', '#585e6b');
    const grid = cssColor('--border', '#e2e4e9');
    const chart = new Chart(canvas.current, {
      type: 'bar',
      data: { labels: props.labels, datasets: props.series.map((s) => ({ label: s.label, data: s.values, backgroundColor: s.color, borderWidth: 0 })) },
      options: {
        indexAxis: props.horizontal ? 'y' : 'x',
        responsive: true,
        maintainAspectRatio: false,
        animation: false,
        plugins: { legend: { display: props.series.length > 1, labels: { color: text } }, tooltip: { callbacks: { label: (c) => `${c.dataset.label ?? ''}: ${format(Number(c.raw))}` } } },
        scales: {
          x: { stacked: props.stacked, ticks: { color: text }, grid: { color: grid } },
          y: { stacked: props.stacked, ticks: { color: text }, grid: { color: grid }, beginAtZero: true },
        },
      },
    });
    return () => chart.destroy();
  }, [props.labels, props.series, props.stacked, props.horizontal, format, dark]);

  const head = [props.labelHeading, ...props.series.map((s) => s.label)];
  const rows = props.labels.map((label, i) => [label, ...props.series.map((s) => s.values[i] ?? 0)]);
  return (
    <section className="report-card" aria-labelledby={`${id}-title`}>
      <header className="report-card-head">
        <h2 id={`${id}-title`}>{props.title}</h2>
        <button type="button" className="small" onClick={() => download(`${props.file}.csv`, toCsv(head, rows))}>
          Download CSV
        </button>
      </header>
      <div className="report-chart">
        <canvas ref={canvas} aria-hidden="true" />
      </div>
      <div className="table-wrap">
        <table className="table report-table">
          <caption className="sr-only">{props.title}</caption>
          <thead>
            <tr>
              {head.map((h) => (
                <th key={h} scope="col">
                  {h}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map(([label, ...values]) => (
              <tr key={String(label)}>
                <th scope="row">{label}</th>
                {values.map((v, j) => (
                  <td key={j}>{format(Number(v))}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
