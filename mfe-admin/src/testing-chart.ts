/**
 * uPlot draws on a canvas, which jsdom has not got: tests replace the library with this recorder
 * (`jest.mock('uplot', () => jest.requireActual('<path>/testing-chart'))`) and read what it was given.
 */
export const charts: Array<{ data: number[][]; label: string }> = [];

export default class FakePlot {
  static tzDate = (date: Date) => date;
  constructor(options: { series: Array<{ label?: string }> }, data: number[][]) {
    charts.push({ data, label: options.series[1]?.label ?? '' });
  }
  setSize() {}
  destroy() {}
}

/** jsdom has no ResizeObserver; the chart only needs one to exist. */
export function installResizeObserver() {
  globalThis.ResizeObserver ??= class {
    observe() {}
    disconnect() {}
    unobserve() {}
  } as unknown as typeof ResizeObserver;
}
