// The lab's charts with their plotting library (uPlot; its styles in charts.css beside this):
// about half of the lab's code, fetched when a chart first comes near the window
// (chart-loader.js), so the lab's controls and readouts start without it.
export { LabCharts } from '../charts.js';
