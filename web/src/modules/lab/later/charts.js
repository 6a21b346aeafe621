// The lab's charts with their plotting library (uPlot) and its styles: about half of the lab's
// code, fetched when a chart first comes near the window (chart-loader.js), so the lab's
// controls and readouts start without it.
import 'uplot/dist/uPlot.min.css';

export { LabCharts } from '../charts.js';
