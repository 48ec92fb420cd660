/** One chart of a data dashboard, as the SPA draws it: its own module, so the panels' builders need not import each other. */
export interface Panel {
  id: string;
  title: string;
  chart: 'bar' | 'pie' | 'line';
  points: Array<{ label: string; value: number }>;
}
