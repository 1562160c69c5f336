import Box from '@mui/material/Box';
import { useTheme } from '@mui/material/styles';
import { LineChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { SVGRenderer } from 'echarts/renderers';
import { useEffect, useRef } from 'react';
import { chartThemeOf } from '../../chrome/chart-theme';
import type { DashboardStatistics } from './use-dashboard';

echarts.use([LineChart, GridComponent, TooltipComponent, LegendComponent, SVGRenderer]);

/** The figures per day of the last week, one line each (ECharts, its own chunk), its texts in the theme's colours (SVG: a few hundred elements). */
export default function WelTrendChart({ statistics, lang }: { statistics: DashboardStatistics; lang: 'zh' | 'en' }) {
  const element = useRef<HTMLDivElement>(null);
  const theme = useTheme();
  useEffect(() => {
    if (!element.current) return undefined;
    const chart = echarts.init(element.current, chartThemeOf(theme));
    const day = new Intl.DateTimeFormat(lang === 'zh' ? 'zh-CN' : 'en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
    chart.setOption({
      tooltip: { trigger: 'axis' },
      legend: { top: 0 },
      grid: { left: 8, right: 16, top: 36, bottom: 8, containLabel: true },
      xAxis: { type: 'category', data: statistics.days.map((d) => day.format(new Date(`${d}T00:00:00Z`))) },
      yAxis: { type: 'value', minInterval: 1 },
      // Straight segments: a smoothed line of small counts dips below zero between days.
      series: statistics.figures.map((f) => ({ type: 'line', name: f.trendLabel, data: f.trend, itemStyle: { color: f.color } })),
    });
    const observer = new ResizeObserver(() => chart.resize());
    observer.observe(element.current);
    return () => {
      observer.disconnect();
      chart.dispose();
    };
  }, [statistics, lang, theme]);
  return <Box ref={element} data-testid="wel-trend" sx={{ height: 280, width: '100%' }} />;
}
