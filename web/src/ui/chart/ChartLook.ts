/** The theme's colours a chart draws with (antd tokens, so dark mode follows). */
export interface ChartLook {
  line: string;
  band: string;
  failure: string;
  downArea: string;
  text: string;
  textSecondary: string;
  axis: string;
  split: string;
  tooltipBackground: string;
  tooltipBorder: string;
  fontFamily: string;
}
