import type { Theme } from '@mui/material/styles';

/**
 * An ECharts theme object from the page's MUI theme: legend, axis and label texts in the
 * theme's text colours (ECharts' own defaults are greys drawn for a white ground, which a
 * dark look leaves at about 2.5:1), axis lines and split lines in its divider colour.
 * Passed to `echarts.init(element, chartThemeOf(theme))`.
 */
export function chartThemeOf(theme: Theme): Record<string, unknown> {
  const { text, divider } = theme.palette;
  const axis = {
    axisLabel: { color: text.secondary },
    axisLine: { lineStyle: { color: divider } },
    axisTick: { lineStyle: { color: divider } },
    splitLine: { lineStyle: { color: [divider] } },
    nameTextStyle: { color: text.secondary },
  };
  return {
    backgroundColor: 'transparent',
    textStyle: { color: text.primary },
    legend: { textStyle: { color: text.primary }, pageTextStyle: { color: text.secondary } },
    categoryAxis: axis,
    valueAxis: axis,
    timeAxis: axis,
    logAxis: axis,
    pie: { label: { color: text.primary } },
    tooltip: { backgroundColor: theme.palette.background.paper, borderColor: divider, textStyle: { color: text.primary } },
  };
}
