// The network lab's charts with their plotting library (uPlot; its styles in charts.css beside
// this), fetched when a chart first comes near the window (chart-loader.js).
export { NetworkCharts } from '../charts.js';
